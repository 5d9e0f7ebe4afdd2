import type { bookingRatings } from '../schema';
import type { BookingRow } from './generate-bookings';
import type { DemoDriver } from './generate-fleet';
import { HOUR_MS } from './perth-time';
import type { Random } from './random';

// About a third of passengers leave a rating.
const RATED_SHARE = 0.35;
const COMMENTS = ['', '', '', 'Very punctual', 'Lovely clean car', 'Helped with the bags'];

/**
 * Ratings on completed jobs, drawn around each driver's usual standard, so a
 * driver's rating is the average of the ratings given (as it is live).
 */
export function generateRatings(
  random: Random,
  options: { bookings: readonly BookingRow[]; drivers: readonly DemoDriver[]; ratedBy: string },
): (typeof bookingRatings.$inferInsert)[] {
  const standard = new Map(
    options.drivers.map((driver) => [driver.id, Number(driver.row.rating ?? 4.7)]),
  );
  const rows: (typeof bookingRatings.$inferInsert)[] = [];
  for (const booking of options.bookings) {
    if (booking.status !== 'completed' || !booking.driverId || !booking.id) continue;
    if (!random.chance(RATED_SHARE)) continue;
    const target = standard.get(booking.driverId) ?? 4.7;
    // Mostly 5s and 4s in the driver's proportion, now and then a 3.
    const rating = random.chance(0.04) ? 3 : random.chance(target - 4) ? 5 : 4;
    const at = new Date(booking.pickupTime.getTime() + 2 * HOUR_MS);
    rows.push({
      bookingId: booking.id,
      driverId: booking.driverId,
      rating,
      comment: rating === 5 ? random.pick(COMMENTS) : '',
      ratedBy: options.ratedBy,
      createdAt: at,
      updatedAt: at,
    });
  }
  return rows;
}
