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
  return `A booking cannot go from ${from} to ${to}.`;
}

export function isFinished(status: BookingStatus): boolean {
  return NEXT[status].length === 0;
}

/** The states a booking ends in: nothing follows them (history, not upcoming work). */
export const FINISHED_STATUSES: readonly BookingStatus[] = BOOKING_STATUSES.filter(isFinished);

/** A booking can be given to a driver, or to another driver, while in these states. */
export const ASSIGNABLE_STATUSES: readonly BookingStatus[] = ['pending', 'assigned'];

export function canAssign(status: BookingStatus): boolean {
  return ASSIGNABLE_STATUSES.includes(status);
}

/** The statuses of current work (not finished), for the API's status filter. */
export const OPEN_STATUSES: readonly BookingStatus[] = BOOKING_STATUSES.filter(
  (status) => !isFinished(status),
);
