import { z } from 'zod';
import { BookingSchema } from './api';

/**
 * POST /api/bookings/:id/assign answers the booking and two warnings, which
 * never block the assignment: the driver's vehicle is too small for the job;
 * the driver has another job this one does not fit beside (job-clash).
 */
export const AssignBookingResponseSchema = z.object({
  booking: BookingSchema,
  capacityWarning: z.string().nullable(),
  clashWarning: z.string().nullable(),
});
export type AssignBookingResponse = z.infer<typeof AssignBookingResponseSchema>;

/**
 * The refusal of an assignment made on an out-of-date view of the booking:
 * the caller saw another driver on it (expectedDriverId) than it has now.
 * Names who has the job now, so the dispatcher can decide again.
 */
export function assignmentChangedRefusal(currentDriverName: string | null): string {
  return currentDriverName
    ? `This booking was just assigned to ${currentDriverName}. Look again before reassigning.`
    : 'This booking was just taken off its driver and has none now. Look again before assigning.';
}

/**
 * GET /api/bookings/:id/clashes: the drivers who have another job that this
 * booking does not fit beside, for Assign to mark before a driver is picked.
 */
export const JobClashesResponseSchema = z.object({
  clashes: z.array(
    z.object({
      driverId: z.string().uuid(),
      /** 'Job KM42E9 at 11:50 pm' */
      label: z.string(),
      warning: z.string(),
    }),
  ),
});
export type JobClashesResponse = z.infer<typeof JobClashesResponseSchema>;
