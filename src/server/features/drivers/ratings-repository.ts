import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { bookingRatings, bookings, drivers } from '../../db/schema';

// A completed booking's rating of its driver, and the driver's average kept from them.

export async function findBookingForRating(tx: Executor, bookingId: string) {
  const [row] = await tx
    .select({ id: bookings.id, status: bookings.status, driverId: bookings.driverId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

/** Records (or replaces) a booking's rating and refreshes the driver's average; the average. */
export async function saveBookingRating(
  tx: Executor,
  values: {
    bookingId: string;
    driverId: string;
    rating: number;
    comment: string;
    ratedBy: string | null;
  },
) {
  const now = new Date();
  const [saved] = await tx
    .insert(bookingRatings)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: bookingRatings.bookingId,
      set: {
        driverId: values.driverId,
        rating: values.rating,
        comment: values.comment,
        ratedBy: values.ratedBy,
        updatedAt: now,
      },
    })
    .returning();
  const [driver] = await tx
    .update(drivers)
    .set({
      rating: sql`(select round(avg(r.rating), 1) from ${bookingRatings} r where r.driver_id = ${values.driverId})`,
    })
    .where(eq(drivers.id, values.driverId))
    .returning({ rating: drivers.rating });
  return {
    rating: {
      bookingId: saved!.bookingId,
      driverId: saved!.driverId,
      rating: saved!.rating,
      comment: saved!.comment,
      createdAt: saved!.createdAt.toISOString(),
    },
    driverRating: driver?.rating == null ? null : Number(driver.rating),
  };
}

export async function findBookingRating(db: Executor, bookingId: string) {
  const [row] = await db
    .select()
    .from(bookingRatings)
    .where(eq(bookingRatings.bookingId, bookingId));
  return row
    ? {
        bookingId: row.bookingId,
        driverId: row.driverId,
        rating: row.rating,
        comment: row.comment,
        createdAt: row.createdAt.toISOString(),
      }
    : null;
}
