import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { drivers } from './drivers';

/** A date range (both ends included, business dates) in which a driver cannot be assigned. */
export const driverLeaves = pgTable(
  'driver_leaves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('driver_leaves_driver_id_idx').on(table.driverId, table.startsOn),
    check('driver_leaves_range_check', sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);
