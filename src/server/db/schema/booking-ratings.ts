import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { bookings } from './bookings';
import { drivers } from './drivers';

/** The passenger's rating of a completed job, recorded by dispatch; one per booking. */
export const bookingRatings = pgTable(
  'booking_ratings',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    ratedBy: text('rated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('booking_ratings_driver_id_idx').on(table.driverId),
    check('booking_ratings_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);
