import { IN_PROGRESS_STATUSES, type BookingStatus } from './status';

/**
 * The car a job is driven in, the one the WA booking record names
 * (decision 232). A job is given
 * to a driver ahead of their shift as often as not, so the car named at
 * assignment is only the plan. Each step of the job under way (En route,
 * Arrived, Passenger on board) records the car of the driver's open shift,
 * so the passenger boarding leaves the car that carried them; Completed, a
 * no-show or a cancellation keep it, and a later shift in another car
 * rewrites nothing. A driver with no open shift keeps the car the job has.
 */
export function jobVehicleId(
  to: BookingStatus,
  cars: { onBooking: string | null; ofOpenShift: string | null },
): string | null {
  if (!recordsJobVehicle(to)) return cars.onBooking;
  return cars.ofOpenShift ?? cars.onBooking;
}

/** Whether a step to `to` records the car (the open shift's is read only then). */
export function recordsJobVehicle(to: BookingStatus): boolean {
  return IN_PROGRESS_STATUSES.includes(to);
}
