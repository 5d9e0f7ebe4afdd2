import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { IN_PROGRESS_STATUSES } from '../../../domain/bookings';
import { driverJobsAnswer, type DriverJob } from '../../../domain/bookings/driver-jobs';
import { bookingForDriver } from '../../../domain/bookings/driver-view';
import type { Executor } from '../../db/database';
import { bookingEvents, bookings } from '../../db/schema';
import { selectJoinedBookings, toBookingDto, type JoinedBookingRow } from './booking-read-model';

// A driver's jobs as the driver app shows them: the bookings read model's
// booking, with when the driver accepted it and arrived at the pickup.

/** When the booking last reached 'arrived' (the driver's tap time). */
export async function arrivedAt(tx: Executor, bookingId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: bookingEvents.occurredAt })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.toStatus, 'arrived')))
    .orderBy(desc(bookingEvents.occurredAt))
    .limit(1);
  return row?.at ?? null;
}

/** A driver's job in progress and the assigned ones after it, with acceptance and arrival times. */
export async function listDriverJobs(
  db: Executor,
  driverId: string,
): Promise<{ current: DriverJob | null; upcoming: DriverJob[] }> {
  const rows = await selectJoinedBookings(db)
    .where(
      and(
        eq(bookings.driverId, driverId),
        inArray(bookings.status, ['assigned', ...IN_PROGRESS_STATUSES]),
      ),
    )
    .orderBy(asc(bookings.pickupTime), asc(bookings.shuttleSequence), asc(bookings.id));
  return driverJobsAnswer(await Promise.all(rows.map((row) => toDriverJob(db, row))));
}

export async function loadDriverJob(db: Executor, id: string): Promise<DriverJob | null> {
  const [row] = await selectJoinedBookings(db).where(eq(bookings.id, id));
  return row ? toDriverJob(db, row) : null;
}

async function toDriverJob(db: Executor, row: JoinedBookingRow): Promise<DriverJob> {
  const booking = toBookingDto(row);
  const arrived =
    booking.status === 'arrived' || booking.status === 'on-board'
      ? await arrivedAt(db, booking.id)
      : null;
  return {
    ...bookingForDriver(booking),
    acknowledgedAt: row.row.acknowledgedAt?.toISOString() ?? null,
    arrivedAt: arrived?.toISOString() ?? null,
  };
}
