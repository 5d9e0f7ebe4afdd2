import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../../domain/bookings';
import { quoteFare } from '../../../domain/fares';
import { bookingEvents, bookings, drivers, vehicles } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// What the WA booking records need from a booking: wheelchair passengers
// (validated against the passengers), the journey's start and end from the
// on-board and completed events, and the fare's components at completion.

let t: TestApp;
let dispatcher: TestUser;
let driverUser: TestUser;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  const [vehicle] = await t.connection.db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration: '1WAR 001',
      seats: 4,
    })
    .returning();
  const [driver] = await t.connection.db
    .insert(drivers)
    .values({
      firstName: 'Wendy',
      lastName: 'Record',
      userId: driverUser.id,
      status: 'active',
      vehicleId: vehicle!.id,
    })
    .returning();
  driverId = driver!.id;
});
afterAll(() => t.close());

function send(method: 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
}

const body = (overrides: Record<string, unknown> = {}) => ({
  pickupLocation: 'Perth Airport T1',
  dropoffLocation: 'Fremantle',
  pickupTime: new Date(Date.now() + 86_400_000).toISOString(),
  passengerName: 'Wheelchair Test',
  numPassengers: 3,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<Booking> {
  const response = await send('POST', '/api/bookings', dispatcher, body(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().bookings[0];
}

describe('wheelchair passengers', () => {
  it('keeps the passengers seated in a wheelchair, none by default', async () => {
    expect((await create({ wheelchairPassengers: 2 })).wheelchairPassengers).toBe(2);
    expect((await create()).wheelchairPassengers).toBe(0);
  });

  it.each([
    ['more than the passengers', 4],
    ['negative', -1],
    ['not whole', 1.5],
    ['not a number', 'two'],
  ])(
    'refuses a count that is %s with a 400 naming the field, creating nothing',
    async (_, value) => {
      const name = `Refused ${String(value)}`;
      const response = await send(
        'POST',
        '/api/bookings',
        dispatcher,
        body({ wheelchairPassengers: value, passengerName: name }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('wheelchairPassengers');
      const rows = await t.connection.db
        .select()
        .from(bookings)
        .where(eq(bookings.passengerName, name));
      expect(rows).toEqual([]);
    },
  );

  it('is edited with the passengers, and a PATCH cannot leave more wheelchairs than passengers', async () => {
    const booking = await create({ wheelchairPassengers: 1 });
    const edited = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      wheelchairPassengers: 3,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().booking.wheelchairPassengers).toBe(3);
    const fewer = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      numPassengers: 2,
    });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().error.fields.wheelchairPassengers).toBe(
      'cannot be more than the 2 passengers',
    );
    const [row] = await t.connection.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ numPassengers: 3, wheelchairPassengers: 3 });
  });
});

describe('an edited route prices the trip again (decision 87)', () => {
  it('takes the new route fare, unless the same edit sets the fare', async () => {
    // Standard HUG 12.3 km, 20 min: $40; 21.9 km, 30 min is priced as a new booking would be.
    const booking = await create({ distanceMeters: 12_300, durationSeconds: 1200 });
    expect(booking.fareAmount).toBe(40);
    const moved = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      dropoffLocation: 'Fremantle Prison',
      distanceMeters: 21_900,
      durationSeconds: 1800,
    });
    expect(moved.statusCode).toBe(200);
    const expected =
      quoteFare({ distanceMeters: 21_900, durationSeconds: 1800, vehicleType: 'Standard HUG' })
        .roundedFareCents / 100;
    expect(expected).toBeGreaterThan(40);
    expect(moved.json().booking.fareAmount).toBe(expected);
    const told = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      distanceMeters: 30_000,
      durationSeconds: 2400,
      fareAmount: 55,
    });
    expect(told.json().booking.fareAmount).toBe(55);
  });

  it('keeps a fare set by hand when a later edit corrects the address (decision 94)', async () => {
    // A flat $120 airport rate over the $40 quote, then the address is corrected.
    const booking = await create({ distanceMeters: 12_300, durationSeconds: 1200 });
    await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, { fareAmount: 120 });
    const corrected = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      dropoffLocation: 'Perth Airport T1',
      distanceMeters: 21_900,
      durationSeconds: 1800,
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().booking).toMatchObject({ fareAmount: 120, distanceMeters: 21_900 });
  });
});

describe('journey and fare kept at completion', () => {
  it('stamps the start and end from the on-board and completed events and keeps the fare components', async () => {
    // Standard HUG 12.3 km, 20 min: $38.03, rounded to $40; dispatch then charges $45.
    // Picked up 45 minutes ago: a driver completes no job long before its time (decision 103).
    const booking = await create({
      distanceMeters: 12_300,
      durationSeconds: 1200,
      pickupTime: new Date(Date.now() - 45 * 60_000).toISOString(),
    });
    expect(booking.fareAmount).toBe(40);
    await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, { fareAmount: 45 });
    expect(
      (await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, { driverId }))
        .statusCode,
    ).toBe(200);
    // The driver's taps, sent late (the phone was offline): their times, not the arrival's.
    const boardedAt = new Date(Date.now() - 40 * 60_000).toISOString();
    const doneAt = new Date(Date.now() - 5 * 60_000).toISOString();
    for (const [status, occurredAt] of [
      ['en-route', undefined],
      ['arrived', undefined],
      ['on-board', boardedAt],
      ['completed', doneAt],
    ] as const) {
      const response = await send('POST', `/api/bookings/${booking.id}/status`, driverUser, {
        status,
        ...(occurredAt ? { occurredAt } : {}),
      });
      expect(response.statusCode).toBe(200);
    }
    const [row] = await t.connection.db.select().from(bookings).where(eq(bookings.id, booking.id));
    const events = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.type, 'status')))
      .orderBy(asc(bookingEvents.id));
    const eventAt = (status: string) =>
      events.find((event) => event.toStatus === status)!.occurredAt.toISOString();
    expect(row!.journeyStartedAt?.toISOString()).toBe(eventAt('on-board'));
    expect(row!.journeyEndedAt?.toISOString()).toBe(eventAt('completed'));
    expect(eventAt('on-board')).toBe(boardedAt);
    expect(eventAt('completed')).toBe(doneAt);
    expect(row!.fareComponents).toEqual({
      vehicleType: 'Standard HUG',
      distanceKm: 12.3,
      durationMinutes: 20,
      baseRateCents: 500,
      distanceCostCents: 2303,
      timeCostCents: 1000,
      childSeatFeeCents: 0,
      minimumTopUpCents: 0,
      roundingCents: 197,
      adjustmentCents: 500,
      totalCents: 4500,
    });
  });

  it('leaves a journey that has not started without times or components', async () => {
    const booking = await create();
    const [row] = await t.connection.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      journeyStartedAt: null,
      journeyEndedAt: null,
      fareComponents: null,
    });
  });
});

describe('whether a vehicle is electric', () => {
  it('is kept on the vehicle, and anything but true or false is a 400 naming the field', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const vehicle = {
      registration: '1EV 200',
      type: 'Standard HUG',
      make: 'BYD',
      model: 'Seal',
      seats: 4,
      isElectric: true,
    };
    const added = await send('POST', '/api/vehicles', admin, vehicle);
    expect(added.statusCode).toBe(201);
    expect(added.json().vehicle.isElectric).toBe(true);
    for (const isElectric of ['yes', 1, null]) {
      const refused = await send('POST', '/api/vehicles', admin, {
        ...vehicle,
        registration: '1EV 201',
        isElectric,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('isElectric');
    }
    const [stored] = await t.connection.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.registration, '1EV 201'));
    expect(stored).toBeUndefined();
  });
});

describe('fleet records stay for two years', () => {
  it('has no route that deletes a driver or a vehicle', async () => {
    const [vehicle] = await t.connection.db.select().from(vehicles).limit(1);
    for (const url of [`/api/drivers/${driverId}`, `/api/vehicles/${vehicle!.id}`]) {
      const response = await send('DELETE', url, dispatcher);
      expect(response.statusCode).toBe(404);
    }
    expect(
      await t.connection.db.select().from(drivers).where(eq(drivers.id, driverId)),
    ).toHaveLength(1);
  });
});
