export const BOOKING_STATUSES = [
  'pending',
  'assigned',
  'en-route',
  'arrived',
  'on-board',
  'completed',
  'cancelled',
  'no-show',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * How a status is written on every screen, filters and badges alike: the
 * spec's names ('pending', 'en-route'), one map so no screen capitalises or
 * re-spells them on its own.
 */
export const BOOKING_STATUS_LABELS: Readonly<Record<BookingStatus, string>> = {
  pending: 'pending',
  assigned: 'assigned',
  'en-route': 'en-route',
  arrived: 'arrived',
  'on-board': 'on-board',
  completed: 'completed',
  cancelled: 'cancelled',
  'no-show': 'no-show',
};

/** Select options for a status filter, labelled as the badges are. */
export const BOOKING_STATUS_OPTIONS: readonly { value: BookingStatus; label: string }[] =
  BOOKING_STATUSES.map((status) => ({ value: status, label: BOOKING_STATUS_LABELS[status] }));

/** A driver is on a job (Busy) while one of theirs is in these states. */
export const IN_PROGRESS_STATUSES: readonly BookingStatus[] = ['en-route', 'arrived', 'on-board'];

const NEXT: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['assigned', 'cancelled'],
  assigned: ['en-route', 'pending', 'cancelled'],
  'en-route': ['arrived', 'cancelled'],
  arrived: ['on-board', 'no-show', 'cancelled'],
  'on-board': ['completed'],
  completed: [],
  cancelled: [],
  'no-show': [],
};

/**
 * The booking lifecycle: pending → assigned → en-route → arrived → on-board →
 * completed; cancelled from any state before on-board; no-show from arrived.
 * An assigned booking may go back to pending when its driver is taken off.
 */
export function allowedTransitions(from: BookingStatus): readonly BookingStatus[] {
  return NEXT[from];
}

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return NEXT[from].includes(to);
}

export function transitionRefusal(from: BookingStatus, to: BookingStatus): string {
  // A second Cancel (bulk, a repeated tap) is told what is so, not a rule.
  if (from === to) return `The booking is already ${BOOKING_STATUS_LABELS[to]}.`;
  return `A booking cannot go from ${from} to ${to}.`;
}

export function isFinished(status: BookingStatus): boolean {
  return NEXT[status].length === 0;
}

/** The states a booking ends in: nothing follows them (history, not upcoming work). */
export const FINISHED_STATUSES: readonly BookingStatus[] = BOOKING_STATUSES.filter(isFinished);

/**
 * A booking can be given to a driver, or to another driver, while in these
 * states. En route too: a driver whose car breaks down on the way is replaced,
 * and the job goes back to assigned, waiting for the new driver's Accept
 * (decision 184). Once the driver has arrived, the job is theirs.
 */
export const ASSIGNABLE_STATUSES: readonly BookingStatus[] = ['pending', 'assigned', 'en-route'];

export function canAssign(status: BookingStatus): boolean {
  return ASSIGNABLE_STATUSES.includes(status);
}

/** The statuses of current work (not finished), for the API's status filter. */
export const OPEN_STATUSES: readonly BookingStatus[] = BOOKING_STATUSES.filter(
  (status) => !isFinished(status),
);

/**
 * A cancelled or no-show booking is a trip that did not happen: its details
 * stay as they were, and only the notes (why it ended so) may still change.
 * Changing the time of a cancelled booking would not bring a car (decision 89).
 */
export const CLOSED_STATUSES: readonly BookingStatus[] = ['cancelled', 'no-show'];

export function isClosedBooking(status: BookingStatus): boolean {
  return CLOSED_STATUSES.includes(status);
}

/** What an edit of a closed booking may change. */
export const CLOSED_BOOKING_EDITABLE_FIELDS: readonly string[] = ['notes'];

/** How the screens say a booking is closed to changes. */
export function closedBookingNotice(reference: string, status: BookingStatus): string {
  return `Booking ${reference} is ${BOOKING_STATUS_LABELS[status]}: only its notes can change.`;
}

/** Why an edit of these fields is refused, or null when the booking may take it. */
export function closedBookingRefusal(
  booking: { reference: string; status: BookingStatus },
  changedFields: readonly string[],
): string | null {
  if (!isClosedBooking(booking.status)) return null;
  const refused = changedFields.some((field) => !CLOSED_BOOKING_EDITABLE_FIELDS.includes(field));
  return refused
    ? `${closedBookingNotice(booking.reference, booking.status)} Book Again makes a new booking from it.`
    : null;
}
