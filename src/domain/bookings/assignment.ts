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
