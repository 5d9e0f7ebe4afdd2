import {
  boolean,
  check,
  doublePrecision,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { vehicles } from './vehicles';

/**
 * Drivers. Status and location are separate columns (DESIGN section 2):
 * status 'active' means on shift; a driver is on the map when active with a
 * known location.
 */
export const drivers = pgTable(
  'drivers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .unique('drivers_user_id_unique')
      .references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    // The average of the ratings given on completed jobs (booking_ratings); null: none yet.
    rating: numeric('rating', { precision: 2, scale: 1 }),
    status: text('status').notNull().default('offline'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationUpdatedAt: timestamp('location_updated_at', { withTimezone: true }),
    // The phone's reported accuracy (metres) and heading (degrees from north), when known.
    locationAccuracy: doublePrecision('location_accuracy'),
    locationHeading: doublePrecision('location_heading'),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    preferredArea: text('preferred_area'),
    licenceNumber: text('licence_number'),
    notes: text('notes').notNull().default(''),
    // False: only the vehicles listed in driver_vehicles.
    drivesAnyVehicle: boolean('drives_any_vehicle').notNull().default(true),
    // Set when an admin deactivates the driver; the row is kept (WA: two years after they stop).
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('drivers_created_at_idx').on(table.createdAt),
    index('drivers_status_idx').on(table.status),
    check('drivers_status_check', sql`${table.status} in ('active', 'offline', 'suspended')`),
    check(
      'drivers_latitude_check',
      sql`${table.latitude} is null or ${table.latitude} between -90 and 90`,
    ),
    check(
      'drivers_longitude_check',
      sql`${table.longitude} is null or ${table.longitude} between -180 and 180`,
    ),
  ],
);
