import { z } from 'zod';

/**
 * Where a booking came from: the New Booking panel (and Paste Booking, which
 * fills it), the public /book page, Multi Booking, a file import, or another
 * program through the API.
 */
export const BOOKING_SOURCES = ['dispatch', 'online', 'multi', 'import', 'api'] as const;
export const BookingSourceSchema = z.enum(BOOKING_SOURCES);
export type BookingSource = z.infer<typeof BookingSourceSchema>;
