import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { drivers } from './drivers';
import { vehicles } from './vehicles';

/**
 * A driver's shifts: open (ended_at null) while they work. At most one open
 * shift per driver; drivers.status 'active' mirrors the open shift.
 */
export const driverShifts = pgTable(
  'driver_shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // Who ended it: the driver, or the admin or dispatcher who took them off;
    // null: the system (a compliance suspension) or not known (before 0015).
    endedBy: text('ended_by').references(() => users.id, { onDelete: 'set null' }),
    // Kilometres on the odometer at the start, when the driver gives it.
    odometer: integer('odometer'),
  },
  (table) => [
    index('driver_shifts_driver_id_idx').on(table.driverId, table.startedAt),
    uniqueIndex('driver_shifts_open_unique')
      .on(table.driverId)
      .where(sql`${table.endedAt} is null`),
    check('driver_shifts_odometer_check', sql`${table.odometer} is null or ${table.odometer} >= 0`),
  ],
);
