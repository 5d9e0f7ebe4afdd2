/** The longest trip a quote is given for (a sanity bound on the route's figures). */
export const MAX_QUOTE_DISTANCE_METERS = 2_000_000;
export const MAX_QUOTE_DURATION_SECONDS = 172_800;

/** The limit a route goes past: its length, or its driving time. */
export type QuoteLimit = 'distance' | 'duration';

/**
 * Which limit a route goes past (its length first), or null when it can be
 * priced: the same bounds QuoteInputSchema puts on a quote request, so a
 * page can say so instead of asking for a quote the server refuses.
 */
export function quoteLimitExceeded(route: {
  distanceMeters: number;
  durationSeconds: number;
}): QuoteLimit | null {
  if (route.distanceMeters > MAX_QUOTE_DISTANCE_METERS) return 'distance';
  if (route.durationSeconds > MAX_QUOTE_DURATION_SECONDS) return 'duration';
  return null;
}
