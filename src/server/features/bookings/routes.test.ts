import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingChangedRefusal, type Booking } from '../../../domain/bookings';
import { DEFAULT_TIME_ZONE } from '../../../domain/settings/business';
import { DEFAULT_TARIFFS, quoteFare, type TariffTable } from '../../../domain/fares';
import {
  bookingEvents,
  bookings,
  customers,
  drivers,
  idempotencyKeys,
  vehicles,
} from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let dispatcher: TestUser;
let admin: TestUser;
let driverUser: TestUser;
let otherDriverUser: TestUser;
let driverId: string;
let otherDriverId: string;
let suspendedDriverId: string;
let vehicleId: string;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher', name: 'Dana Dispatch' });
  admin = await t.createUser({ role: 'admin' });
  driverUser = await t.createUser({ role: 'driver' });
  otherDriverUser = await t.createUser({ role: 'driver' });
  const db = t.connection.db;
  const [vehicle] = await db
    .insert(vehicles)
    .values({
      type: 'Multivan 6',
      make: 'VW',
      model: 'Multivan',
      registration: '1ABC234',
      seats: 6,
    })
    .returning();
  vehicleId = vehicle!.id;
  const inserted = await db
    .insert(drivers)
    .values([
      { firstName: 'Ava', lastName: 'Driver', userId: driverUser.id, status: 'active', vehicleId },
      { firstName: 'Ben', lastName: 'Other', userId: otherDriverUser.id, status: 'active' },
      { firstName: 'Sam', lastName: 'Suspended', status: 'suspended' },
    ])
    .returning();
  [driverId, otherDriverId, suspendedDriverId] = inserted.map((row) => row.id) as [
    string,
    string,
    string,
  ];
});
afterAll(() => t.close());

const inDays = (days: number, hour = 9) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    pickupLocation: 'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
    dropoffLocation: 'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100',
    pickupTime: inDays(2),
    numPassengers: 2,
    numSuitcases: 3,
    notes: 'Flight QF 583',
    passengerName: 'Harriet Quinn',
    phone: '0412 345 678',
    vehicleType: 'Standard HUG',
    ...overrides,
  };
}

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  user: TestUser,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie, ...headers },
    ...(payload ? { payload } : {}),
  });
}

/** A corporate account, as the dispatcher's Account Code adds it. */
async function addAccount(code: string) {
  const response = await send('POST', '/api/accounts', dispatcher, {
    code,
    name: `${code} Pty Ltd`,
  });
  expect([201, 409]).toContain(response.statusCode);
}

async function createBooking(overrides: Record<string, unknown> = {}): Promise<Booking> {
  const response = await send('POST', '/api/bookings', dispatcher, bookingBody(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().bookings[0];
}

const countBookings = async (where = sql`true`) =>
  Number(
    (
      await t.connection.db
        .select({ n: sql<number>`count(*)` })
        .from(bookings)
        .where(where)
    )[0]!.n,
  );

describe('POST /api/bookings', () => {
  it('creates one pending booking with fare 0, the passenger, normalised phone and vehicle type', async () => {
    const response = await send('POST', '/api/bookings', dispatcher, bookingBody());
    expect(response.statusCode).toBe(201);
    const [booking] = response.json().bookings as Booking[];
    expect(booking).toMatchObject({
      status: 'pending',
      fareAmount: 0,
      passengerName: 'Harriet Quinn',
      phone: '+61412345678',
      vehicleType: 'Standard HUG',
      numPassengers: 2,
      numSuitcases: 3,
      notes: 'Flight QF 583',
      isShuttle: false,
      shuttleSequence: null,
      source: 'dispatch',
    });
    expect(booking!.reference).toMatch(/^[A-Z2-9]{6}$/);
    expect(booking!.customer).toMatchObject({
      firstName: 'Harriet',
      lastName: 'Quinn',
      phone: '+61412345678',
    });
    const events = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking!.id));
    expect(events).toMatchObject([
      { type: 'created', toStatus: 'pending', actorUserId: dispatcher.id },
    ]);
  });

  it('links the next booking with the same phone to the same customer and counts it', async () => {
    const first = await createBooking({ phone: '0400 111 222', passengerName: 'Repeat Caller' });
    const second = await createBooking({
      phone: '+61 400 111 222',
      passengerName: 'Repeat Caller',
    });
    expect(second.customer!.id).toBe(first.customer!.id);
    const [customer] = await t.connection.db
      .select()
      .from(customers)
      .where(eq(customers.id, first.customer!.id));
    expect(customer!.totalBookings).toBe(2);
  });

  it('links to the customer named by customerId, and refuses an unknown one with a 404', async () => {
    const [customer] = await t.connection.db
      .insert(customers)
      .values({ firstName: 'Corporate', lastName: 'Client' })
      .returning();
    const booking = await createBooking({ customerId: customer!.id, phone: '' });
    expect(booking.customer!.id).toBe(customer!.id);
    const before = await countBookings();
    const unknown = await send(
      'POST',
      '/api/bookings',
      dispatcher,
      bookingBody({ customerId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Customer not found.');
    expect(await countBookings()).toBe(before);
  });

  it('finds the customer by email, in any case, when the phone is new, and counts the booking', async () => {
    const [customer] = await t.connection.db
      .insert(customers)
      .values({ firstName: 'Mia', lastName: 'Mail', email: 'Mia.Mail@Example.test' })
      .returning();
    const booking = await createBooking({
      phone: '0400 777 001',
      email: 'mia.mail@example.TEST',
      passengerName: 'Mia Mail',
    });
    expect(booking.customer).toMatchObject({ id: customer!.id, firstName: 'Mia' });
    const [after] = await t.connection.db
      .select()
      .from(customers)
      .where(eq(customers.id, customer!.id));
    expect(after!.totalBookings).toBe(1);
  });

  it('makes a new customer with every booking of a shuttle run already counted', async () => {
    const response = await send(
      'POST',
      '/api/bookings',
      dispatcher,
      bookingBody({
        phone: '0400 777 002',
        passengerName: 'Nora Newcomer',
        stops: [
          { location: 'Elizabeth Quay, Perth WA', passengers: 1, type: 'dropoff' },
          { location: 'Kings Park, Perth WA', passengers: 1, type: 'pickup' },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const run = response.json().bookings as Booking[];
    expect(run).toHaveLength(3);
    expect(new Set(run.map((booking) => booking.customer!.id)).size).toBe(1);
    const [made] = await t.connection.db
      .select()
      .from(customers)
      .where(eq(customers.id, run[0]!.customer!.id));
    expect(made).toMatchObject({
      firstName: 'Nora',
      lastName: 'Newcomer',
      phone: '+61400777002',
      totalBookings: 3,
    });
  });

  it('creates no customer when neither phone nor email is given', async () => {
    const booking = await createBooking({ phone: '', passengerName: 'Walk Up' });
    expect(booking.customer).toBeNull();
  });

  it('prices the booking when the route is known', async () => {
    const booking = await createBooking({ distanceMeters: 12_300, durationSeconds: 1_200 });
    const quote = quoteFare({
      distanceMeters: 12_300,
      durationSeconds: 1_200,
      vehicleType: 'Standard HUG',
    });
    expect(booking.fareAmount).toBe(quote.roundedFareCents / 100);
    expect(booking.distanceMeters).toBe(12_300);
  });

  it('prices the booking from pickup and dropoff coordinates through the routing service', async () => {
    const booking = await createBooking({
      pickupLat: -31.9403,
      pickupLng: 115.9669,
      dropoffLat: -31.9594,
      dropoffLng: 115.8946,
    });
    expect(booking.fareAmount).toBeGreaterThanOrEqual(30);
    expect(booking.fareAmount % 5).toBe(0);
  });

  it.each([
    [{ pickupLocation: '' }, 'pickupLocation'],
    [{ dropoffLocation: '   ' }, 'dropoffLocation'],
    [{ pickupTime: 'tomorrow' }, 'pickupTime'],
    [{ numPassengers: 8 }, 'numPassengers'],
    [{ vehicleType: 'Bus' }, 'vehicleType'],
    [{ stops: [{ location: 'Somewhere', passengers: 0, type: 'pickup' }] }, 'stops.0.passengers'],
    // The driver dials it: a typo made no call and a customer with a junk phone.
    [{ phone: '041 23' }, 'phone'],
    [{ phone: 'abc' }, 'phone'],
  ])('refuses %j with a 400 naming %s and creates nothing', async (override, field) => {
    const before = await countBookings();
    const response = await send('POST', '/api/bookings', dispatcher, bookingBody(override));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    expect(response.json().error.message).toContain(field);
    expect(await countBookings()).toBe(before);
  });

  it("files a booking under its account's code whatever case it was typed in", async () => {
    await addAccount('CROWN01');
    const booking = await createBooking({ accountCode: ' crown01 ' });
    expect(booking.accountCode).toBe('CROWN01');
  });

  it('refuses an account code no account has, naming the field, and creates nothing', async () => {
    const before = await countBookings();
    const response = await send(
      'POST',
      '/api/bookings',
      dispatcher,
      bookingBody({ accountCode: 'NOBODY-7' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      accountCode: 'no account has the code NOBODY-7: add it with Account Code',
    });
    expect(await countBookings()).toBe(before);
  });

  it('refuses a pickup in an absurd year and a place with nothing to read, creating nothing', async () => {
    const before = await countBookings();
    for (const pickupTime of [
      '0001-01-01T00:00:00Z',
      '0099-06-01T00:00:00Z',
      '1970-01-01T00:00:00Z',
      '9999-12-01T00:00:00Z',
    ]) {
      const response = await send('POST', '/api/bookings', dispatcher, bookingBody({ pickupTime }));
      expect(response.statusCode, pickupTime).toBe(400);
      expect(response.json().error.fields.pickupTime).toBe(
        'must be between the years 2000 and 2099',
      );
    }
    // A right-to-left mark and a zero-width space: a pickup that shows as blank.
    const blank = await send(
      'POST',
      '/api/bookings',
      dispatcher,
      bookingBody({ pickupLocation: '\u202e\u200b' }),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.pickupLocation).toBe('is required');
    expect(await countBookings()).toBe(before);
  });

  it('refuses a driver (bookings:write is dispatch only)', async () => {
    const response = await send('POST', '/api/bookings', driverUser, bookingBody());
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/bookings as a shuttle run', () => {
  const stops = [
    { location: 'Elizabeth Quay, Perth WA', passengers: 3, type: 'pickup' },
    { location: 'Kings Park, Perth WA', passengers: 1, type: 'dropoff' },
    { location: 'Fremantle Markets, Fremantle WA', passengers: 2, type: 'pickup' },
  ];

  it('creates the main pickup then each stop, in order, with the shuttle notes and sequence', async () => {
    const response = await send(
      'POST',
      '/api/bookings',
      dispatcher,
      bookingBody({ stops, notes: 'Wedding', distanceMeters: 30_000, durationSeconds: 2_400 }),
    );
    expect(response.statusCode).toBe(201);
    const run = response.json().bookings as Booking[];
    expect(run.map((booking) => booking.shuttleSequence)).toEqual([0, 1, 2, 3]);
    expect(run.map((booking) => booking.notes)).toEqual([
      'Shuttle Run Stop - pickup - Wedding',
      'Shuttle Run Stop - pickup - Wedding',
      'Shuttle Run Stop - dropoff - Wedding',
      'Shuttle Run Stop - pickup - Wedding',
    ]);
    expect(run.map((booking) => booking.pickupLocation)).toEqual([
      'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
      ...stops.map((stop) => stop.location),
    ]);
    expect(run.map((booking) => booking.numPassengers)).toEqual([2, 3, 1, 2]);
    for (const booking of run) {
      expect(booking).toMatchObject({
        isShuttle: true,
        status: 'pending',
        shuttleRunId: run[0]!.shuttleRunId,
        dropoffLocation: 'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100',
        pickupTime: run[0]!.pickupTime,
        numSuitcases: 3,
      });
    }
    expect(run[0]!.shuttleRunId).toMatch(/^[0-9a-f-]{36}$/);
    // The run's quote is charged once, on the main pickup.
    const quote = quoteFare({
      distanceMeters: 30_000,
      durationSeconds: 2_400,
      vehicleType: 'Standard HUG',
    });
    expect(run.map((booking) => booking.fareAmount)).toEqual([
      quote.roundedFareCents / 100,
      0,
      0,
      0,
    ]);
  });

  it('creates nothing when one stop fails in the database (one transaction)', async () => {
    const db = t.connection.db;
    await db.execute(sql`
      create or replace function refuse_test_stop() returns trigger language plpgsql as $$
      begin raise exception 'refused stop'; end $$`);
    await db.execute(sql`
      create trigger refuse_test_stop before insert on bookings for each row
      when (new.pickup_location = 'Refused Stop') execute function refuse_test_stop()`);
    try {
      const before = await countBookings();
      const eventsBefore = (await db.select().from(bookingEvents)).length;
      const response = await send(
        'POST',
        '/api/bookings',
        dispatcher,
        bookingBody({
          passengerName: 'Atomic Run',
          phone: '0433 999 000',
          stops: [stops[0], stops[1], { location: 'Refused Stop', passengers: 1, type: 'dropoff' }],
        }),
        { 'idempotency-key': 'atomic-run-1' },
      );
      expect(response.statusCode).toBe(500);
      expect(await countBookings()).toBe(before);
      expect((await db.select().from(bookingEvents)).length).toBe(eventsBefore);
      const created = await db.select().from(customers).where(eq(customers.phone, '+61433999000'));
      expect(created).toHaveLength(0);
    } finally {
      await db.execute(sql`drop trigger refuse_test_stop on bookings`);
    }
    // The key was not kept either: the same request now goes through.
    const retry = await send(
      'POST',
      '/api/bookings',
      dispatcher,
      bookingBody({
        passengerName: 'Atomic Run',
        phone: '0433 999 000',
        stops: [stops[0], stops[1], { location: 'Refused Stop', passengers: 1, type: 'dropoff' }],
      }),
      { 'idempotency-key': 'atomic-run-1' },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json().bookings).toHaveLength(4);
  });
});

describe('Idempotency-Key on POST /api/bookings', () => {
  it('answers a repeat with the first response and creates nothing more', async () => {
    const body = bookingBody({ passengerName: 'Double Click' });
    const first = await send('POST', '/api/bookings', dispatcher, body, {
      'idempotency-key': 'dbl-1',
    });
    const again = await send('POST', '/api/bookings', dispatcher, body, {
      'idempotency-key': 'dbl-1',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await countBookings(eq(bookings.passengerName, 'Double Click'))).toBe(1);
  });

  it('refuses the same key with a different body with a 409', async () => {
    await send('POST', '/api/bookings', dispatcher, bookingBody({ passengerName: 'Key Reuse' }), {
      'idempotency-key': 'reuse-1',
    });
    const response = await send(
      'POST',
      '/api/bookings',
      dispatcher,
      bookingBody({ passengerName: 'Key Reuse', numPassengers: 4 }),
      { 'idempotency-key': 'reuse-1' },
    );
    expect(response.statusCode).toBe(409);
    expect(await countBookings(eq(bookings.passengerName, 'Key Reuse'))).toBe(1);
  });

  it('creates one booking from five identical concurrent requests', async () => {
    const body = bookingBody({ passengerName: 'Concurrent Five', stops: undefined });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        send('POST', '/api/bookings', dispatcher, body, { 'idempotency-key': 'concurrent-5' }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(responses.map((response) => response.json().bookings[0].id));
    expect(ids.size).toBe(1);
    expect(await countBookings(eq(bookings.passengerName, 'Concurrent Five'))).toBe(1);
  });

  it('lets a new request take over a key older than 24 hours', async () => {
    await send('POST', '/api/bookings', dispatcher, bookingBody({ passengerName: 'Stale Key' }), {
      'idempotency-key': 'stale-1',
    });
    await t.connection.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'stale-1'));
    const body = bookingBody({ passengerName: 'Stale Key', numPassengers: 3 });
    const taken = await send('POST', '/api/bookings', dispatcher, body, {
      'idempotency-key': 'stale-1',
    });
    expect(taken.statusCode).toBe(201);
    expect(taken.json().bookings[0].numPassengers).toBe(3);
    const again = await send('POST', '/api/bookings', dispatcher, body, {
      'idempotency-key': 'stale-1',
    });
    expect(again.json()).toEqual(taken.json());
    expect(await countBookings(eq(bookings.passengerName, 'Stale Key'))).toBe(2);
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    const response = await send('POST', '/api/bookings', dispatcher, bookingBody(), {
      'idempotency-key': 'has spaces',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('Idempotency-Key');
  });
});

describe('GET /api/bookings', () => {
  let early: Booking;
  let late: Booking;
  let mine: Booking;

  beforeAll(async () => {
    late = await createBooking({ pickupTime: inDays(40, 12), passengerName: 'List Late 100%' });
    early = await createBooking({ pickupTime: inDays(40, 8), passengerName: 'List Early' });
    mine = await createBooking({ pickupTime: inDays(40, 10), passengerName: 'List Mine' });
    await send('POST', `/api/bookings/${mine.id}/assign`, dispatcher, { driverId });
  });

  const window = () =>
    `from=${encodeURIComponent(inDays(40, 0))}&to=${encodeURIComponent(inDays(41, 0))}`;

  it('lists the date range by pickup time, oldest first, with total, customer, driver and vehicle', async () => {
    const response = await send('GET', `/api/bookings?${window()}`, dispatcher);
    expect(response.statusCode).toBe(200);
    const { bookings: list, total } = response.json();
    expect(list.map((booking: Booking) => booking.id)).toEqual([early.id, mine.id, late.id]);
    expect(total).toBe(3);
    const assigned = list[1] as Booking;
    expect(assigned.driver).toMatchObject({ id: driverId, firstName: 'Ava' });
    expect(assigned.vehicle).toMatchObject({ id: vehicleId, registration: '1ABC234' });
    expect(assigned.customer).toMatchObject({ phone: '+61412345678' });
    // Each entry as reading that booking alone shows it (the list decodes its rows itself).
    for (const entry of list as Booking[]) {
      const one = await send('GET', `/api/bookings/${entry.id}`, dispatcher);
      expect(entry).toEqual(one.json().booking);
    }
  });

  it('paginates while reporting the total', async () => {
    const response = await send('GET', `/api/bookings?${window()}&limit=1&offset=1`, dispatcher);
    expect(response.json().bookings.map((booking: Booking) => booking.id)).toEqual([mine.id]);
    expect(response.json().total).toBe(3);
  });

  it('filters by status list and by driver', async () => {
    const byStatus = await send(
      'GET',
      `/api/bookings?${window()}&status=assigned,completed`,
      admin,
    );
    expect(byStatus.json().bookings.map((booking: Booking) => booking.id)).toEqual([mine.id]);
    const byDriver = await send(
      'GET',
      `/api/bookings?${window()}&driverId=${driverId}`,
      dispatcher,
    );
    expect(byDriver.json().total).toBe(1);
  });

  it('filters by source list, and refuses an unknown source with a 400 naming the field', async () => {
    await t.connection.db
      .update(bookings)
      .set({ source: 'online' })
      .where(eq(bookings.id, late.id));
    const ids = (query: string) =>
      send('GET', `/api/bookings?${window()}&${query}`, dispatcher).then((response) =>
        response.json().bookings.map((booking: Booking) => booking.id),
      );
    expect(await ids('source=online')).toEqual([late.id]);
    expect(await ids('source=dispatch')).toEqual([early.id, mine.id]);
    expect(await ids('source=multi,online')).toEqual([late.id]);
    const bad = await send('GET', '/api/bookings?source=fax', dispatcher);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('source');
  });

  it('searches name, phone, addresses and reference case-insensitively, with % taken literally', async () => {
    const search = (q: string) =>
      send('GET', `/api/bookings?${window()}&q=${encodeURIComponent(q)}`, dispatcher).then(
        (response) => response.json().bookings.map((booking: Booking) => booking.id),
      );
    expect(await search('list early')).toEqual([early.id]);
    expect(await search(late.reference.toLowerCase())).toEqual([late.id]);
    expect(await search('100%')).toEqual([late.id]);
    expect(await search('%')).toEqual([late.id]);
    expect(await search('crown towers')).toHaveLength(3);
    expect(await search('412345')).toHaveLength(3);
    // The phone as a caller says it (stored +61412345678): trunk 0, spaces, +61.
    expect(await search('0412 345 678')).toHaveLength(3);
    expect(await search('0412345678')).toHaveLength(3);
    expect(await search('+61 412 345 678')).toHaveLength(3);
    expect(await search('0499 999 999')).toEqual([]);
  });

  it('searches names and addresses ignoring accents, typed or stored (decision 92)', async () => {
    const zoe = await createBooking({
      pickupTime: inDays(43, 8),
      passengerName: 'Zoë Ånström',
      pickupLocation: 'Café Bonjour, 12 Hay St, Perth',
    });
    const plain = await createBooking({ pickupTime: inDays(43, 9), passengerName: 'Zoe Bennett' });
    const nguyen = await createBooking({
      pickupTime: inDays(43, 10),
      passengerName: 'Thi Nguyễn',
      dropoffLocation: 'Crêperie du Port, Fremantle',
    });
    const range = `from=${encodeURIComponent(inDays(43, 0))}&to=${encodeURIComponent(inDays(44, 0))}`;
    const search = (q: string) =>
      send('GET', `/api/bookings?${range}&q=${encodeURIComponent(q)}`, dispatcher).then(
        (response) => response.json().bookings.map((booking: Booking) => booking.id),
      );
    expect(await search('zoe')).toEqual([zoe.id, plain.id]);
    expect(await search('ZOË')).toEqual([zoe.id, plain.id]);
    expect(await search('anstrom')).toEqual([zoe.id]);
    expect(await search('Nguyen')).toEqual([nguyen.id]);
    expect(await search('cafe bonjour')).toEqual([zoe.id]);
    expect(await search('creperie')).toEqual([nguyen.id]);
    const [shown] = (await send('GET', `/api/bookings?${range}&q=zoe`, dispatcher)).json().bookings;
    expect(shown).toMatchObject({ passengerName: 'Zoë Ånström' });
  });

  it('sends a page compressed in one piece, with its length (decision 76)', async () => {
    // Over the compression plugin's own 8 kB one-call size: 12 bookings of about 1 kB.
    for (let hour = 0; hour < 12; hour++) {
      await createBooking({ pickupTime: inDays(45, hour), notes: `Page booking ${hour}` });
    }
    const query = `from=${encodeURIComponent(inDays(45, 0))}&to=${encodeURIComponent(inDays(46, 0))}`;
    const plain = await send('GET', `/api/bookings?${query}`, dispatcher);
    expect(plain.json().total).toBe(12);
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    const page = await send('GET', `/api/bookings?${query}`, dispatcher, undefined, {
      'accept-encoding': 'br, gzip',
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(Number(page.headers['content-length'])).toBe(page.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(page.rawPayload).toString())).toEqual(plain.json());
  });

  it('refuses a bad status with a 400 naming the field', async () => {
    const response = await send('GET', '/api/bookings?status=flying', dispatcher);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('status');
  });

  it("shows a driver only their own bookings, and not another driver's", async () => {
    const own = await send('GET', `/api/bookings?${window()}`, driverUser);
    expect(own.json().bookings.map((booking: Booking) => booking.id)).toEqual([mine.id]);
    const other = await send('GET', `/api/bookings?${window()}`, otherDriverUser);
    expect(other.json()).toEqual({ bookings: [], total: 0 });
    expect((await send('GET', `/api/bookings/${mine.id}`, driverUser)).statusCode).toBe(200);
    expect((await send('GET', `/api/bookings/${mine.id}`, otherDriverUser)).statusCode).toBe(404);
    expect((await send('GET', `/api/bookings/${early.id}`, driverUser)).statusCode).toBe(404);
  });
});

describe('GET /api/bookings/:id', () => {
  it('gives the booking and its events oldest first with the actor name', async () => {
    const booking = await createBooking();
    await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, { driverId });
    const response = await send('GET', `/api/bookings/${booking.id}`, admin);
    expect(response.statusCode).toBe(200);
    const { events } = response.json();
    expect(events.map((event: { type: string }) => event.type)).toEqual(['created', 'assigned']);
    expect(events[0].actor).toEqual({ id: dispatcher.id, name: 'Dana Dispatch' });
    expect(events[1]).toMatchObject({ fromStatus: 'pending', toStatus: 'assigned' });
  });

  it('answers an unknown id with 404 and a malformed id with 400', async () => {
    const unknown = await send('GET', '/api/bookings/00000000-0000-4000-8000-000000000000', admin);
    expect(unknown.statusCode).toBe(404);
    expect((await send('GET', '/api/bookings/nope', admin)).statusCode).toBe(400);
  });
});

describe('PATCH /api/bookings/:id', () => {
  it('changes only the fields sent and records them as { field: { from, to } }', async () => {
    const booking = await createBooking({ notes: 'Old notes', numPassengers: 3 });
    const response = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      notes: 'New notes',
      fareAmount: 85,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().booking).toMatchObject({
      notes: 'New notes',
      fareAmount: 85,
      numPassengers: 3,
      passengerName: 'Harriet Quinn',
    });
    const events = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id));
    const updated = events.find((event) => event.type === 'updated');
    expect(updated!.changes).toEqual({
      notes: { from: 'Old notes', to: 'New notes' },
      fareAmount: { from: 0, to: 85 },
    });
    expect(updated!.actorUserId).toBe(dispatcher.id);
  });

  it('answers fareSetByHand once a PATCH changed the fare, and not before (decision 94)', async () => {
    const booking = await createBooking();
    const read = async () =>
      (await send('GET', `/api/bookings/${booking.id}`, dispatcher)).json().booking as Booking;
    expect(booking.fareSetByHand).toBe(false);
    expect(await read()).toMatchObject({ fareAmount: 0, fareSetByHand: false });

    // The fare it already has, sent along with another change, is not a fare set.
    await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      notes: 'Flat rate agreed',
      fareAmount: 0,
    });
    expect(await read()).toMatchObject({ fareAmount: 0, fareSetByHand: false });

    const patched = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      fareAmount: 120,
    });
    expect(patched.json().booking).toMatchObject({ fareAmount: 120, fareSetByHand: true });
    expect(await read()).toMatchObject({ fareAmount: 120, fareSetByHand: true });
  });

  describe('Use route price: fareSetByHand false (decision 104)', () => {
    /** Standard HUG 12.3 km, 20 min: $40 from the route; the dispatcher then typed $120. */
    async function handPriced() {
      const booking = await createBooking({ distanceMeters: 12_300, durationSeconds: 1_200 });
      expect(booking.fareAmount).toBe(40);
      const typed = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
        fareAmount: 120,
      });
      expect(typed.json().booking).toMatchObject({ fareAmount: 120, fareSetByHand: true });
      return booking;
    }
    const read = async (id: string) =>
      (await send('GET', `/api/bookings/${id}`, dispatcher)).json() as {
        booking: Booking;
        events: { type: string; changes: Record<string, unknown> }[];
      };

    it('prices the booking from its route again, in the history, and route edits reprice it after', async () => {
      const booking = await handPriced();
      const response = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
        fareSetByHand: false,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().booking).toMatchObject({ fareAmount: 40, fareSetByHand: false });
      const { events } = await read(booking.id);
      expect(events.filter((event) => event.type === 'updated').at(-1)!.changes).toEqual({
        fareAmount: { from: 120, to: 40 },
        fareSetByHand: { from: true, to: false },
      });
      // A priced booking again: the next route edit prices it anew (decision 87).
      const longer = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
        distanceMeters: 21_900,
        durationSeconds: 1_800,
      });
      const expected = quoteFare({
        distanceMeters: 21_900,
        durationSeconds: 1_800,
        vehicleType: 'Standard HUG',
      }).roundedFareCents;
      expect(longer.json().booking.fareAmount).toBe(expected / 100);
    });

    it('prices with the tariffs in force, and with a route sent in the same edit', async () => {
      const booking = await handPriced();
      const dearer = {
        ...DEFAULT_TARIFFS,
        'Standard HUG': { ...DEFAULT_TARIFFS['Standard HUG'], baseCents: 2_500 },
      };
      const setTariffs = (table: TariffTable) => send('PUT', '/api/settings/tariffs', admin, table);
      expect((await setTariffs(dearer)).statusCode).toBe(200);
      try {
        const response = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
          fareSetByHand: false,
          distanceMeters: 21_900,
          durationSeconds: 1_800,
        });
        expect(response.statusCode).toBe(200);
        const expected = quoteFare(
          { distanceMeters: 21_900, durationSeconds: 1_800, vehicleType: 'Standard HUG' },
          dearer,
        ).roundedFareCents;
        expect(response.json().booking).toMatchObject({
          fareAmount: expected / 100,
          fareSetByHand: false,
          distanceMeters: 21_900,
        });
      } finally {
        await setTariffs(DEFAULT_TARIFFS);
      }
    });

    it('refuses a completed or cancelled booking with a 409 and leaves its fare alone', async () => {
      const completed = await handPriced();
      await send('POST', `/api/bookings/${completed.id}/assign`, dispatcher, { driverId });
      for (const status of ['en-route', 'arrived', 'on-board', 'completed']) {
        const step = await send('POST', `/api/bookings/${completed.id}/status`, dispatcher, {
          status,
        });
        expect(step.statusCode).toBe(200);
      }
      const cancelled = await handPriced();
      await send('POST', `/api/bookings/${cancelled.id}/status`, dispatcher, {
        status: 'cancelled',
      });
      for (const [booking, message] of [
        [completed, /^Booking \w+ is completed: its fare is what was charged/],
        [cancelled, /^Booking \w+ is cancelled: only its notes can change\./],
      ] as const) {
        const response = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
          fareSetByHand: false,
          notes: 'Use the route price',
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toMatch(message);
        expect((await read(booking.id)).booking).toMatchObject({
          fareAmount: 120,
          fareSetByHand: true,
          notes: 'Flight QF 583',
        });
      }
    });

    it('refuses a booking without a measured route with a 409 naming what to do', async () => {
      const booking = await createBooking();
      await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, { fareAmount: 95 });
      const response = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
        fareSetByHand: false,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        `Booking ${booking.reference} has no measured route to price: choose its pickup and destination from the suggestions.`,
      );
      expect((await read(booking.id)).booking).toMatchObject({
        fareAmount: 95,
        fareSetByHand: true,
      });
    });

    it('refuses true, or false with a typed fare, with a 400 naming fareSetByHand', async () => {
      const booking = await handPriced();
      for (const body of [{ fareSetByHand: true }, { fareSetByHand: false, fareAmount: 60 }]) {
        const response = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toHaveProperty('fareSetByHand');
      }
      expect((await read(booking.id)).booking).toMatchObject({
        fareAmount: 120,
        fareSetByHand: true,
      });
    });

    it('is dispatch’s: a driver is refused', async () => {
      const booking = await handPriced();
      const response = await send('PATCH', `/api/bookings/${booking.id}`, driverUser, {
        fareSetByHand: false,
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('expectedUpdatedAt: an edit made on what the dispatcher saw', () => {
    let mia: TestUser;
    beforeAll(async () => {
      mia = await t.createUser({ role: 'dispatcher', name: 'Mia Tran' });
    });

    const edit = (user: TestUser, id: string, body: object) =>
      send('PATCH', `/api/bookings/${id}`, user, body);
    const read = async (id: string): Promise<Booking> =>
      (await send('GET', `/api/bookings/${id}`, dispatcher)).json().booking;
    const updatedEvents = async (id: string) =>
      (
        await t.connection.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id))
      ).filter((event) => event.type === 'updated').length;

    it('refuses the second of two edits opened on the same version with a 409 naming who changed it, and changes nothing', async () => {
      const booking = await createBooking({ numPassengers: 1 });
      const first = await edit(mia, booking.id, {
        pickupTime: inDays(3, 3),
        numPassengers: 2,
        expectedUpdatedAt: booking.updatedAt,
      });
      expect(first.statusCode).toBe(200);
      const saved: Booking = first.json().booking;
      expect(saved.updatedAt).not.toBe(booking.updatedAt);

      const second = await edit(dispatcher, booking.id, {
        pickupTime: inDays(3, 4),
        expectedUpdatedAt: booking.updatedAt,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().error.message).toBe(
        bookingChangedRefusal({ at: saved.updatedAt, by: { name: 'Mia Tran' } }, DEFAULT_TIME_ZONE),
      );
      expect(await read(booking.id)).toMatchObject({
        pickupTime: inDays(3, 3),
        numPassengers: 2,
        updatedAt: saved.updatedAt,
      });
      expect(await updatedEvents(booking.id)).toBe(1);
    });

    it('of two edits saved at the same moment on the same version, one wins and the other gets 409', async () => {
      const booking = await createBooking();
      const answers = await Promise.all([
        edit(mia, booking.id, { notes: 'From Mia', expectedUpdatedAt: booking.updatedAt }),
        edit(dispatcher, booking.id, { notes: 'From Dana', expectedUpdatedAt: booking.updatedAt }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner: Booking = answers.find((answer) => answer.statusCode === 200)!.json().booking;
      expect((await read(booking.id)).notes).toBe(winner.notes);
      expect(await updatedEvents(booking.id)).toBe(1);
    });

    it('saves an edit made on the current version', async () => {
      const booking = await createBooking();
      const first = await edit(mia, booking.id, {
        notes: 'One',
        expectedUpdatedAt: booking.updatedAt,
      });
      const next: Booking = first.json().booking;
      const second = await edit(dispatcher, booking.id, {
        notes: 'Two',
        expectedUpdatedAt: next.updatedAt,
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().booking.notes).toBe('Two');
    });

    it('checks nothing when left out: both edits are saved, each changing only its fields', async () => {
      const booking = await createBooking({ numPassengers: 1 });
      const first = await edit(mia, booking.id, { pickupTime: inDays(3, 3), numPassengers: 2 });
      const second = await edit(dispatcher, booking.id, { pickupTime: inDays(3, 4) });
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(await read(booking.id)).toMatchObject({ pickupTime: inDays(3, 4), numPassengers: 2 });
    });

    it('counts an assignment and a status change as changes: an edit opened before either is refused', async () => {
      const booking = await createBooking();
      const assigned = await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, {
        driverId: otherDriverId,
      });
      expect(assigned.statusCode).toBe(200);
      const afterAssign = await edit(mia, booking.id, {
        notes: 'Late',
        expectedUpdatedAt: booking.updatedAt,
      });
      expect(afterAssign.statusCode).toBe(409);
      const seen: Booking = assigned.json().booking;
      const moved = await send('POST', `/api/bookings/${booking.id}/status`, mia, {
        status: 'en-route',
      });
      expect(moved.statusCode).toBe(200);
      const afterStatus = await edit(dispatcher, booking.id, {
        notes: 'Late',
        expectedUpdatedAt: seen.updatedAt,
      });
      expect(afterStatus.statusCode).toBe(409);
      expect(afterStatus.json().error.message).toContain('changed by Mia Tran at');
      expect((await read(booking.id)).notes).toBe(booking.notes);
    });

    it('tells a dispatcher whose own change came in between that it was theirs', async () => {
      const booking = await createBooking();
      await edit(dispatcher, booking.id, { notes: 'Elsewhere' });
      const response = await edit(dispatcher, booking.id, {
        notes: 'Here',
        expectedUpdatedAt: booking.updatedAt,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toContain('changed by you in another window at');
    });

    it('refuses an expectedUpdatedAt that is not a time with a 400 naming it, and changes nothing', async () => {
      const booking = await createBooking({ notes: 'Kept' });
      const response = await edit(dispatcher, booking.id, {
        notes: 'Lost',
        expectedUpdatedAt: 'yesterday',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('expectedUpdatedAt');
      expect((await read(booking.id)).notes).toBe('Kept');
    });
  });

  it('writes no event when nothing changes', async () => {
    const booking = await createBooking({ notes: 'Same' });
    await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, { notes: 'Same' });
    const events = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id));
    expect(events.map((event) => event.type)).toEqual(['created']);
  });

  it('refuses a new account code no account has, and keeps one the booking already carries', async () => {
    const booking = await createBooking({ notes: 'Before' });
    const refused = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      accountCode: 'nobody-7',
      notes: 'After',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      accountCode: 'no account has the code NOBODY-7: add it with Account Code',
    });
    const unchanged = await send('GET', `/api/bookings/${booking.id}`, dispatcher);
    expect(unchanged.json().booking).toMatchObject({ accountCode: null, notes: 'Before' });

    // A code stored before accounts were checked (imported, typed on another
    // system) does not stop the booking's other edits.
    await t.connection.db
      .update(bookings)
      .set({ accountCode: 'LEGACY-1' })
      .where(eq(bookings.id, booking.id));
    const edited = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      accountCode: 'legacy-1',
      notes: 'After',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().booking).toMatchObject({ accountCode: 'LEGACY-1', notes: 'After' });

    await addAccount('ACME-2');
    const billed = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      accountCode: 'acme-2',
    });
    expect(billed.statusCode).toBe(200);
    expect(billed.json().booking.accountCode).toBe('ACME-2');
  });

  it('refuses a bad field with a 400 naming it, and an unknown booking with a 404', async () => {
    const booking = await createBooking();
    const bad = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      numPassengers: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('numPassengers');
    const unknown = await send(
      'PATCH',
      '/api/bookings/00000000-0000-4000-8000-000000000000',
      dispatcher,
      { notes: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('changes only the notes of a cancelled booking, and refuses the rest with a 409 (decision 89)', async () => {
    const booking = await createBooking({ notes: 'Flight BA15' });
    const cancelled = await send('POST', `/api/bookings/${booking.id}/status`, dispatcher, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    const refused = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      notes: 'Flight BA15. Cancelled: the flight was',
      pickupTime: inDays(3),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `Booking ${booking.reference} is cancelled: only its notes can change. Book Again makes a new booking from it.`,
    );
    const [unchanged] = await t.connection.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(unchanged!.notes).toBe('Flight BA15');
    expect(unchanged!.pickupTime.toISOString()).toBe(new Date(booking.pickupTime).toISOString());

    const noted = await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, {
      notes: 'Flight BA15. Cancelled: the flight was',
      // Unchanged fields sent along are no change.
      passengerName: booking.passengerName,
    });
    expect(noted.statusCode).toBe(200);
    expect(noted.json().booking).toMatchObject({
      status: 'cancelled',
      notes: 'Flight BA15. Cancelled: the flight was',
    });
  });
});

describe('POST /api/bookings/:id/assign', () => {
  it("assigns a pending booking with the driver's vehicle, and may move it to another driver", async () => {
    const booking = await createBooking();
    const first = await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, {
      driverId,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().booking).toMatchObject({
      status: 'assigned',
      driver: { id: driverId },
      vehicle: { id: vehicleId },
    });
    const second = await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, {
      driverId: otherDriverId,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().booking).toMatchObject({
      status: 'assigned',
      driver: { id: otherDriverId },
      vehicle: null,
    });
  });

  it('refuses a suspended driver with a 409', async () => {
    const booking = await createBooking();
    const response = await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, {
      driverId: suspendedDriverId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This driver is suspended and cannot be assigned.');
  });

  it('refuses an unknown driver with a 404 and a booking already under way with a 409', async () => {
    const booking = await createBooking();
    const unknown = await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, {
      driverId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, { driverId });
    await send('POST', `/api/bookings/${booking.id}/status`, dispatcher, { status: 'en-route' });
    await send('POST', `/api/bookings/${booking.id}/status`, dispatcher, { status: 'arrived' });
    const late = await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, {
      driverId: otherDriverId,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('A booking cannot go from arrived to assigned.');
  });
});

describe('POST /api/bookings/:id/status', () => {
  const dueSoon = () => new Date(Date.now() + 30 * 60_000).toISOString();
  const setStatus = (id: string, status: string, user: TestUser = dispatcher) =>
    send('POST', `/api/bookings/${id}/status`, user, { status });

  it('follows the lifecycle to completed, recording each change, and counts the money spent', async () => {
    // Due within the hour: a driver sets off no earlier than two hours ahead (decision 103).
    const booking = await createBooking({
      phone: '0455 666 777',
      passengerName: 'Lifecycle',
      pickupTime: dueSoon(),
    });
    await send('PATCH', `/api/bookings/${booking.id}`, dispatcher, { fareAmount: 60 });
    await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, { driverId });
    for (const status of ['en-route', 'arrived', 'on-board', 'completed']) {
      const response = await setStatus(booking.id, status, driverUser);
      expect(response.statusCode).toBe(200);
      expect(response.json().booking.status).toBe(status);
    }
    const events = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id));
    expect(
      events.filter((event) => event.type === 'status').map((e) => [e.fromStatus, e.toStatus]),
    ).toEqual([
      ['assigned', 'en-route'],
      ['en-route', 'arrived'],
      ['arrived', 'on-board'],
      ['on-board', 'completed'],
    ]);
    const [customer] = await t.connection.db
      .select()
      .from(customers)
      .where(eq(customers.id, booking.customer!.id));
    expect(customer!.totalSpent).toBe('60.00');
  });

  it('refuses a transition the lifecycle does not allow with a 409 naming both states', async () => {
    const booking = await createBooking();
    const response = await setStatus(booking.id, 'completed');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('A booking cannot go from pending to completed.');
  });

  it('refuses assigned without a driver', async () => {
    const booking = await createBooking();
    const response = await setStatus(booking.id, 'assigned');
    expect(response.statusCode).toBe(409);
  });

  it('takes the driver off when an assigned booking goes back to pending', async () => {
    const booking = await createBooking();
    await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, { driverId });
    const response = await setStatus(booking.id, 'pending');
    expect(response.json().booking).toMatchObject({
      status: 'pending',
      driver: null,
      vehicle: null,
    });
  });

  it('lets a driver move only their own jobs, and only along (not cancel)', async () => {
    const booking = await createBooking({ pickupTime: dueSoon() });
    await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, { driverId });
    expect((await setStatus(booking.id, 'en-route', otherDriverUser)).statusCode).toBe(404);
    expect((await setStatus(booking.id, 'cancelled', driverUser)).statusCode).toBe(403);
    expect((await setStatus(booking.id, 'en-route', driverUser)).statusCode).toBe(200);
  });

  it('cancels from pending and keeps cancelled bookings out of the customer count', async () => {
    const booking = await createBooking({ phone: '0466 777 888', passengerName: 'Canceller' });
    expect((await setStatus(booking.id, 'cancelled')).statusCode).toBe(200);
    const [customer] = await t.connection.db
      .select()
      .from(customers)
      .where(eq(customers.id, booking.customer!.id));
    expect(customer!.totalBookings).toBe(0);
  });
});
