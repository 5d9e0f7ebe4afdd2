import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    registration: text('registration').notNull().unique('vehicles_registration_unique'),
    colour: text('colour').notNull().default(''),
    year: integer('year'),
    seats: integer('seats').notNull(),
    isElectric: boolean('is_electric').notNull().default(false),
    isWheelchairAccessible: boolean('is_wheelchair_accessible').notNull().default(false),
    // 'in-service': at the workshop; 'inactive': deactivated, kept for two years like drivers.
    status: text('status').notNull().default('active'),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vehicles_type_check', sql`${table.type} in ('Standard HUG', 'Multivan 6', 'Imax 7')`),
    check('vehicles_status_check', sql`${table.status} in ('active', 'in-service', 'inactive')`),
  ],
);
