import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
  bigserial,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { FareComponentsRecord } from '../../../domain/fares';
import { users } from './auth';
import { customers } from './customers';
import { drivers } from './drivers';
import { vehicles } from './vehicles';

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Short code read out over the phone and shown to online customers.
    reference: text('reference').notNull().unique('bookings_reference_unique'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    pickupTime: timestamp('pickup_time', { withTimezone: true }).notNull(),
    pickupLocation: text('pickup_location').notNull(),
    dropoffLocation: text('dropoff_location').notNull(),
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    dropoffLat: doublePrecision('dropoff_lat'),
    dropoffLng: doublePrecision('dropoff_lng'),
    status: text('status').notNull().default('pending'),
    // When the assigned driver acknowledged the job (Accept); cleared when it is reassigned.
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    // When the booking was last assigned (its last 'assigned' event, by id), and when it was
    // declined or returned to dispatch since then (null once it is assigned again). Kept by
    // migration 0021's trigger on booking_events (0029 added the return); the hot writers set
    // them in their own update. The Jobs Overview's needs-attention count reads them from its
    // covering index instead of probing the events (decision 63).
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    fareAmount: numeric('fare_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    // The fare was given by hand (an edit naming fareAmount), not priced from the route: a
    // later route, vehicle or child seat edit keeps it (decision 94).
    fareSetByHand: boolean('fare_set_by_hand').notNull().default(false),
    passengerName: text('passenger_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    vehicleType: text('vehicle_type').notNull().default('Standard HUG'),
    numPassengers: integer('num_passengers').notNull().default(1),
    numSuitcases: integer('num_suitcases').notNull().default(0),
    // Of num_passengers, those carried seated in their wheelchair (a WA booking record).
    wheelchairPassengers: integer('wheelchair_passengers').notNull().default(0),
    // Child seats the car must carry fitted, and what help the passengers need:
    // what the driver prepares before the pickup (shown on their job card).
    childSeats: integer('child_seats').notNull().default(0),
    assistanceNeeds: text('assistance_needs').notNull().default(''),
    notes: text('notes').notNull().default(''),
    isShuttle: boolean('is_shuttle').notNull().default(false),
    shuttleRunId: uuid('shuttle_run_id'),
    shuttleSequence: integer('shuttle_sequence'),
    accountCode: text('account_code'),
    source: text('source').notNull().default('dispatch'),
    distanceMeters: integer('distance_meters'),
    durationSeconds: integer('duration_seconds'),
    // The WA booking record: when the journey started (on-board) and ended (completed),
    // copied from those events' times, and the fare's components as priced at completion.
    journeyStartedAt: timestamp('journey_started_at', { withTimezone: true }),
    journeyEndedAt: timestamp('journey_ended_at', { withTimezone: true }),
    fareComponents: jsonb('fare_components').$type<FareComponentsRecord>(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bookings_pickup_time_idx').on(table.pickupTime),
    // With id: Job History's newest-first keyset order read straight off it (decision 73).
    index('bookings_status_pickup_time_idx').on(table.status, table.pickupTime, table.id),
    index('bookings_driver_id_idx').on(table.driverId),
    index('bookings_customer_id_idx').on(table.customerId),
    index('bookings_shuttle_run_id_idx').on(table.shuttleRunId),
    check(
      'bookings_status_check',
      sql`${table.status} in ('pending', 'assigned', 'en-route', 'arrived', 'on-board', 'completed', 'cancelled', 'no-show')`,
    ),
    check(
      'bookings_vehicle_type_check',
      sql`${table.vehicleType} in ('Standard HUG', 'Multivan 6', 'Imax 7')`,
    ),
    check('bookings_num_passengers_check', sql`${table.numPassengers} between 1 and 7`),
    check('bookings_num_suitcases_check', sql`${table.numSuitcases} >= 0`),
    check(
      'bookings_wheelchair_passengers_check',
      sql`${table.wheelchairPassengers} between 0 and ${table.numPassengers}`,
    ),
    check('bookings_child_seats_check', sql`${table.childSeats} between 0 and 4`),
    check('bookings_fare_amount_check', sql`${table.fareAmount} >= 0`),
    check(
      'bookings_source_check',
      sql`${table.source} in ('dispatch', 'online', 'multi', 'import', 'api')`,
    ),
  ],
);

/** Every change to a booking: who, when, from which status to which, and what changed. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    // The driver it is about: the one its changes name, else its booking's driver now. Kept by
    // migration 0017's triggers, not by writers; the Timeline's driver filter (decision 53).
    driverId: uuid('driver_id'),
    type: text('type').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    // When it happened: for a driver's change, the time they tapped (it may arrive later).
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    // When the server recorded it.
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('booking_events_booking_id_idx').on(table.bookingId, table.occurredAt),
    index('booking_events_occurred_at_idx').on(table.occurredAt),
    index('booking_events_driver_id_occurred_at_idx').on(
      table.driverId,
      table.occurredAt.desc(),
      table.id.desc(),
    ),
    // A booking's current assignment and a decline since it, for the Jobs Overview's
    // needs-attention count (migration 0018, decision 53): read from the index alone.
    index('booking_events_assigned_idx')
      .on(table.bookingId, table.id, table.occurredAt)
      .where(sql`${table.type} = 'assigned'`),
    index('booking_events_declined_idx')
      .on(table.bookingId, table.id)
      .where(sql`${table.type} = 'declined'`),
    // A return to dispatch since the assignment, for the same trigger (migration 0029).
    index('booking_events_returned_idx')
      .on(table.bookingId, table.id)
      .where(sql`${table.type} = 'returned-to-dispatch'`),
  ],
);
