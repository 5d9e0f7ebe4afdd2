// Kept free of imports: the map chunk shows ratings too.

export const NO_RATINGS_YET = 'No ratings yet';

/** '4.7/5', or 'No ratings yet' for a driver nobody has rated (never 0). */
export function formatRating(rating: number | null): string {
  return rating === null ? NO_RATINGS_YET : `${rating.toFixed(1)}/5`;
}

/** The average of the ratings given, to one decimal; null when there are none. */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.round((sum / ratings.length) * 10) / 10;
}
