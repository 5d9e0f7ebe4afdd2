import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, customers } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let dispatcher: TestUser;
let admin: TestUser;
let driver: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [dispatcher, admin, driver] = await Promise.all([
    t.createUser({ role: 'dispatcher' }),
    t.createUser({ role: 'admin' }),
    t.createUser({ role: 'driver' }),
  ]);
});
afterAll(() => t.close());

function post(url: string, user: TestUser | null, payload: object, headers: object = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}), ...headers },
    payload,
  });
}

async function bookingCount(): Promise<number> {
  const [row] = await t.connection.db.select({ value: count() }).from(bookings);
  return Number(row!.value);
}

const inDays = (days: number, hour = 8) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

function multiBody(overrides: { trip?: object; pickupTimes?: string[] } = {}) {
  return {
    trip: {
      pickupLocation: '12 St Georges Terrace, Perth WA 6000',
      dropoffLocation: 'Perth Airport Terminal 1 (T1), Airport Drive, Perth Airport WA 6105',
      passengerName: 'Grace Hopper',
      phone: '0412 000 111',
      email: 'grace@example.test',
      numPassengers: 2,
      numSuitcases: 1,
      vehicleType: 'Standard HUG',
      notes: 'Weekly board meeting',
      ...overrides.trip,
    },
    pickupTimes: overrides.pickupTimes ?? [inDays(1), inDays(2), inDays(3)],
  };
}

describe('POST /api/bookings/multi', () => {
  it('creates one pending booking per time for one customer, with created events', async () => {
    await post('/api/accounts', dispatcher, { code: 'MULTI-1', name: 'Multi Co' });
    const times = [inDays(1), inDays(2), inDays(3)];
    const response = await post(
      '/api/bookings/multi',
      dispatcher,
      multiBody({ pickupTimes: times, trip: { accountCode: 'multi-1' } }),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json().bookings as {
      id: string;
      reference: string;
      pickupTime: string;
      status: string;
      accountCode: string;
      phone: string;
      customer: { id: string; firstName: string; lastName: string };
    }[];
    expect(created.map((booking) => booking.pickupTime)).toEqual(times);
    expect(new Set(created.map((booking) => booking.reference)).size).toBe(3);
    for (const booking of created) {
      expect(booking).toMatchObject({
        status: 'pending',
        accountCode: 'MULTI-1',
        phone: '+61412000111',
        customer: { firstName: 'Grace', lastName: 'Hopper' },
        driver: null,
        vehicle: null,
      });
    }
    const customerIds = new Set(created.map((booking) => booking.customer.id));
    expect(customerIds.size).toBe(1);
    const [customer] = await t.connection.db
      .select()
      .from(customers)
      .where(eq(customers.id, created[0]!.customer.id));
    expect(customer!.totalBookings).toBe(3);
    const events = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, created[1]!.id));
    expect(events.map((event) => event.type)).toEqual(['created']);
  });

  it('creates nothing when one time is not a date: 400 naming pickupTimes.2', async () => {
    const before = await bookingCount();
    const response = await post(
      '/api/bookings/multi',
      dispatcher,
      multiBody({ pickupTimes: [inDays(1), inDays(2), 'next Tuesday'] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ 'pickupTimes.2': 'enter a date and time' });
    expect(await bookingCount()).toBe(before);
  });

  it('creates nothing when one time is in the past: 400 naming pickupTimes.2', async () => {
    const before = await bookingCount();
    const response = await post(
      '/api/bookings/multi',
      dispatcher,
      multiBody({ pickupTimes: [inDays(1), inDays(2), inDays(-1)] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('pickupTimes.2: must not be in the past');
    expect(await bookingCount()).toBe(before);
  });

  it('refuses the same time twice and an unknown account, creating nothing', async () => {
    const before = await bookingCount();
    const twice = await post(
      '/api/bookings/multi',
      dispatcher,
      multiBody({ pickupTimes: [inDays(1), inDays(1)] }),
    );
    expect(twice.json().error.message).toBe('pickupTimes.1: is the same as pickupTimes.0');
    const unknown = await post(
      '/api/bookings/multi',
      dispatcher,
      multiBody({ trip: { accountCode: 'NOPE-9' } }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(
      'trip.accountCode: no account has the code NOPE-9: add it with Account Code',
    );
    expect(await bookingCount()).toBe(before);
  });

  it('creates the bookings once for a repeated Idempotency-Key', async () => {
    const before = await bookingCount();
    const body = multiBody({ trip: { phone: '0412 000 222', passengerName: 'Ada Lovelace' } });
    const first = await post('/api/bookings/multi', dispatcher, body, {
      'idempotency-key': 'multi-abc',
    });
    const second = await post('/api/bookings/multi', dispatcher, body, {
      'idempotency-key': 'multi-abc',
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().bookings.map((booking: { id: string }) => booking.id)).toEqual(
      first.json().bookings.map((booking: { id: string }) => booking.id),
    );
    expect(await bookingCount()).toBe(before + 3);
    const other = await post('/api/bookings/multi', dispatcher, multiBody(), {
      'idempotency-key': 'multi-abc',
    });
    expect(other.statusCode).toBe(409);
  });

  it('prices the trip from the route when both ends have coordinates', async () => {
    const response = await post(
      '/api/bookings/multi',
      dispatcher,
      multiBody({
        pickupTimes: [inDays(5)],
        trip: {
          pickupLat: -31.9523,
          pickupLng: 115.8613,
          dropoffLat: -31.9403,
          dropoffLng: 115.9669,
        },
      }),
    );
    expect(response.statusCode).toBe(201);
    const [booking] = response.json().bookings;
    expect(booking.fareAmount).toBeGreaterThanOrEqual(30);
    expect(booking.fareAmount % 5).toBe(0);
    expect(booking.distanceMeters).toBeGreaterThan(0);
  });

  it('answers 400 for an empty body and lets only dispatchers book', async () => {
    expect((await post('/api/bookings/multi', dispatcher, {})).statusCode).toBe(400);
    expect((await post('/api/bookings/multi', null, multiBody())).statusCode).toBe(401);
    expect((await post('/api/bookings/multi', admin, multiBody())).statusCode).toBe(403);
    expect((await post('/api/bookings/multi', driver, multiBody())).statusCode).toBe(403);
  });
});
