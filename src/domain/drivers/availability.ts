import type { BookingStatus } from '../bookings/status';
import { IN_PROGRESS_STATUSES } from '../bookings/status';
import { LOST_CONTACT_MS, STALE_POSITION_MS, type Availability, type DriverStatus } from './api';

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

/** A position is stale once it is older than STALE_POSITION_MS. */
export function isPositionStale(updatedAt: Date, now: Date): boolean {
  return now.getTime() - updatedAt.getTime() > STALE_POSITION_MS;
}

/** Not heard from for longer than LOST_CONTACT_MS. */
export function hasLostContact(updatedAt: Date, now: Date): boolean {
  return now.getTime() - updatedAt.getTime() > LOST_CONTACT_MS;
}
