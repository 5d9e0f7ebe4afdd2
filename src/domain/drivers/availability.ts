import type { BookingStatus } from '../bookings/status';
import { IN_PROGRESS_STATUSES } from '../bookings/status';
import type { Availability, DriverStatus } from './api';

// The position rules are free of schemas: the driver app's Arrived check
// judges a reading's age by them without loading zod (decision 225).

/**
 * A position read longer ago than this is shown as stale on the map and
 * 'Position not recent' in Assign, and the phone's Arrived check ignores it.
 */
export const STALE_POSITION_MS = 2 * 60 * 1000;

/**
 * On shift and not heard from for longer than this: most likely the shift was
 * never ended (the phone off since last night), so dispatch is told apart
 * from a driver whose position is merely a few minutes old.
 */
export const LOST_CONTACT_MS = 12 * 60 * 60 * 1000;

/**
 * The dispatch status bar's word for a driver: away when off shift (offline
 * or suspended), busy while one of their bookings is in progress, else free.
 */
export function driverAvailability(
  status: DriverStatus,
  bookingStatuses: readonly BookingStatus[],
): Availability {
  if (status !== 'active') return 'away';
  return bookingStatuses.some((bookingStatus) => IN_PROGRESS_STATUSES.includes(bookingStatus))
    ? 'busy'
    : 'free';
}

/**
 * When a reported position was read: the phone's `readAt` when given, so a
 * reading sent again is as old as it is (the phone re-sends its last one when
 * it has no new one), but never later than `now`, as a phone clock that runs
 * ahead must not make a position look newer than any. Without it (older app
 * versions), `now`: the time it was received.
 */
export function positionReadAt(readAt: string | undefined, now: Date): Date {
  if (readAt === undefined) return now;
  const at = new Date(readAt);
  return at.getTime() > now.getTime() ? now : at;
}

/** A position is stale once it is older than STALE_POSITION_MS. */
export function isPositionStale(updatedAt: Date, now: Date): boolean {
  return now.getTime() - updatedAt.getTime() > STALE_POSITION_MS;
}

/** Not heard from for longer than LOST_CONTACT_MS. */
export function hasLostContact(updatedAt: Date, now: Date): boolean {
  return now.getTime() - updatedAt.getTime() > LOST_CONTACT_MS;
}
