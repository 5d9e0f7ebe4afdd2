import { z } from 'zod';
import { BookingSchema } from './api';

/**
 * POST /api/bookings/:id/assign answers the booking and, when the driver's
 * vehicle is too small for the job, a warning: it never blocks the assignment.
 */
export const AssignBookingResponseSchema = z.object({
  booking: BookingSchema,
  capacityWarning: z.string().nullable(),
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
