import type { Booking } from './api';
import { isFinished } from './status';

// What a driver may read of a booking given to them. They call the passenger
// from the job card (the booking's phone) while the job is theirs to do; the
// customer record's email and phone are the office's, and once the job is
// over the passenger's number is no longer the driver's business (an
// attacker's-eyes tester read every past passenger's email and phone through
// GET /api/bookings as a driver).

/** The booking as a driver's screens and streams may carry it. */
export function bookingForDriver<T extends Pick<Booking, 'status' | 'phone' | 'customer'>>(
  booking: T,
): T {
  const customer = booking.customer ? { ...booking.customer, phone: null, email: null } : null;
  return isFinished(booking.status)
    ? { ...booking, phone: '', customer }
    : { ...booking, customer };
}
