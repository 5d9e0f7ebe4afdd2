import type { BookingStatus } from './status';

/**
 * The statuses a driver may set on their own jobs: they move a job along;
 * taking a job off a driver, re-queueing or cancelling it is dispatch's call.
 */
export const DRIVER_SETTABLE_STATUSES: readonly BookingStatus[] = [
  'en-route',
  'arrived',
  'on-board',
  'completed',
  'no-show',
];

export const DRIVER_STATUS_REFUSAL =
  'Drivers can set their own jobs to en-route, arrived, on-board, completed or no-show only.';

export function canDriverSetStatus(status: BookingStatus): boolean {
  return DRIVER_SETTABLE_STATUSES.includes(status);
}
