/** One Multi Booking makes at most a month of daily trips. */
export const MAX_MULTI_BOOKING_TIMES = 31;

/** Clocks differ a little between the dispatcher's browser and the server. */
export const MULTI_BOOKING_PAST_GRACE_MS = 5 * 60 * 1000;

/**
 * The first pickup time that is in the past, as its index and the problem,
 * or null when all are ahead of `now` (less a few minutes of grace).
 */
export function firstPastPickupTime(
  pickupTimes: readonly string[],
  now: Date,
): { index: number; problem: string } | null {
  const index = pickupTimes.findIndex(
    (time) => new Date(time).getTime() < now.getTime() - MULTI_BOOKING_PAST_GRACE_MS,
  );
  return index === -1 ? null : { index, problem: 'must not be in the past' };
}
