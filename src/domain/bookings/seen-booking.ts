import { BOOKING_STATUS_LABELS, type BookingStatus } from './status';

// A status change made on what the dispatcher saw (decision 163's Assign and
// 187's edits, for the lifecycle's steps): what they saw, what changed since,
// and the refusal. One rule for the server's check and the Cancel dialog.

/**
 * What the caller saw on the booking when it chose the step: its status and
 * its driver (null: none). A field left out is not compared.
 */
export type SeenBooking = { status?: BookingStatus; driverId?: string | null };

/** The booking as it is now, its driver named. */
export type BookingNow = {
  status: BookingStatus;
  driver: { id: string; name: string } | null;
};

/**
 * What changed since the booking was seen, in words: 'Mia Tran has it now',
 * 'it has no driver now', 'it is arrived now', or both ('Mia Tran has it and
 * it is en-route now'). Null when nothing that was seen has changed.
 */
export function seenBookingChanges(seen: SeenBooking, now: BookingNow): string | null {
  const isDriverChanged = seen.driverId !== undefined && seen.driverId !== (now.driver?.id ?? null);
  const isStatusChanged = seen.status !== undefined && seen.status !== now.status;
  const status = BOOKING_STATUS_LABELS[now.status];
  if (isDriverChanged && isStatusChanged) {
    return now.driver
      ? `${now.driver.name} has it and it is ${status} now`
      : `it has no driver and is ${status} now`;
  }
  if (isDriverChanged) return now.driver ? `${now.driver.name} has it now` : 'it has no driver now';
  if (isStatusChanged) return `it is ${status} now`;
  return null;
}

/** The step in the refusal's last words: 'cancelling it', 'unassigning it', 'marking it arrived'. */
function stepInWords(to: BookingStatus): string {
  switch (to) {
    case 'cancelled':
      return 'cancelling it';
    case 'pending':
      return 'unassigning it';
    case 'assigned':
    case 'en-route':
    case 'arrived':
    case 'on-board':
    case 'completed':
    case 'no-show':
      return `marking it ${BOOKING_STATUS_LABELS[to]}`;
    default: {
      const unknown: never = to;
      return unknown;
    }
  }
}

/**
 * The refusal of a status change made on an out-of-date view: names what
 * changed (who has it now, its status now), so the dispatcher looks again
 * instead of cancelling a job a driver is waiting on, or unassigning a driver
 * they never saw. Null when nothing that was seen has changed.
 */
export function seenBookingRefusal(
  seen: SeenBooking,
  now: BookingNow,
  to: BookingStatus,
): string | null {
  const changes = seenBookingChanges(seen, now);
  if (!changes) return null;
  return `This booking changed after you looked at it: ${changes}. Look at it again before ${stepInWords(to)}.`;
}
