import { z } from 'zod';
import { calendarDate } from '../api/business-dates';
import { isClosedBooking, type BookingStatus } from '../bookings/status';

// The WA booking records (Department of Transport, on-demand booking
// services): what is kept for every journey booked, for two years after the
// request, and exported by an admin as CSV for a date range.

/** How long the records are kept after the booking was requested. */
export const RECORD_RETENTION_YEARS = 2;

/** The CSV's columns, in order: the Department's list, then what makes a row readable. */
export const WA_RECORD_COLUMNS = [
  'Booking reference',
  'Status',
  'Booking taken',
  'Pickup time',
  'Journey started',
  'Journey ended',
  'Pickup location',
  'Dropoff location',
  'Driver name',
  'Driver PTD authorisation number',
  'Vehicle registration',
  'Electric vehicle',
  'Customer name',
  'Customer phone',
  'Customer email',
  'Account charged',
  'Passengers',
  'Wheelchair passengers',
  'Fare paid',
  'Base rate',
  'Distance cost',
  'Time cost',
  'Child seat fee',
  'Minimum fare top-up',
  'Rounding',
  'Adjustment',
] as const;

/** At most this many days in one export (the two years kept, and a little). */
export const MAX_RECORD_RANGE_DAYS = 800;

/** GET /api/records/wa-bookings.csv: journeys picked up from `from` to `to`, whole days, business time. */
export const WaRecordsQuerySchema = z.object({
  from: calendarDate(),
  to: calendarDate(),
});
export type WaRecordsQuery = z.infer<typeof WaRecordsQuerySchema>;

/** Whole days from `from` to `to`, both included (dates as YYYY-MM-DD). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** Null when the range can be exported, else what is wrong with `to`. */
export function recordRangeRefusal(from: string, to: string): string | null {
  const days = daysInRange(from, to);
  if (days < 1) return 'must not be before from';
  if (days > MAX_RECORD_RANGE_DAYS)
    return `must be at most ${MAX_RECORD_RANGE_DAYS} days after from`;
  return null;
}

/**
 * What a record says was paid, in cents: a completed journey's fare; nothing
 * (0) for a cancelled booking or a no-show, which earn no fare; and null (a
 * blank cell) while the journey has not happened. The fare's parts are
 * shown only where the fare was paid.
 */
export function farePaidCents(status: BookingStatus, fareCents: number): number | null {
  if (status === 'completed') return fareCents;
  if (isClosedBooking(status)) return 0;
  return null;
}
