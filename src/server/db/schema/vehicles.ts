import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    seats: integer('seats').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vehicles_type_check', sql`${table.type} in ('Standard HUG', 'Multivan 6', 'Imax 7')`),
    check('vehicles_status_check', sql`${table.status} in ('active', 'maintenance', 'retired')`),
  ],
);
