import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export type SavedAddress = { label: string; address: string };

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    homeAddress: text('home_address'),
    preferredVehicleType: text('preferred_vehicle_type'),
    notes: text('notes').notNull().default(''),
    savedAddresses: jsonb('saved_addresses').$type<SavedAddress[]>().notNull().default([]),
    // Derived from the customer's bookings; kept in step by the bookings repository.
    totalBookings: integer('total_bookings').notNull().default(0),
    totalSpent: numeric('total_spent', { precision: 12, scale: 2 }).notNull().default('0'),
    lastBookingDate: timestamp('last_booking_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customers_created_at_idx').on(table.createdAt),
    // Emails are matched in any case (a booking's customer, the duplicate checks, imports).
    index('customers_email_lower_idx').on(sql`lower(${table.email})`),
    index('customers_phone_idx').on(table.phone),
  ],
);
