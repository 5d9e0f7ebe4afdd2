import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingSource } from '../../../domain/bookings';
import { bookingEvents, bookings, customers } from '../../db/schema';
import { Conflict } from '../../lib/errors';
import { listen, openStream, type Stream } from '../../test/event-stream';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { newReference } from './bookings-repository';
import { createBookings, type BookingDraft } from './create-bookings';
import { ONLINE_TRIP } from '../../test/online-trip';

let t: TestApp;
let dispatcher: TestUser;
let live: Stream;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  live = await openStream(await listen(t), dispatcher.cookie);
});
afterAll(async () => {
  live.close();
  await t.close();
});

const PICKUP = 'Perth Airport T1, Airport Dr, Perth Airport WA 6105';
const DROPOFF = 'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100';
let day = 0;
/** A new pickup time for each booking: 9 am UTC, one more day ahead each call. */
function nextPickup(): string {
  day += 1;
  const date = new Date(Date.now() + day * 86_400_000);
  date.setUTCHours(9, 0, 0, 0);
  return date.toISOString();
}

function post(url: string, payload: object, user: TestUser | null = dispatcher) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    payload,
  });
}

/** Creates bookings from one source as a person (or program) would; answers their ids. */
const CREATE_FROM: Record<string, (phone: string) => Promise<string[]>> = {
  async 'dispatch: New Booking panel'(phone) {
    const response = await post('/api/bookings', {
      pickupLocation: PICKUP,
      dropoffLocation: DROPOFF,
      pickupTime: nextPickup(),
      passengerName: 'Nell Newbooking',
      phone,
    });
    expect(response.statusCode).toBe(201);
    return (response.json().bookings as Booking[]).map((booking) => booking.id);
  },
  async 'dispatch: shuttle run'(phone) {
    const response = await post('/api/bookings', {
      pickupLocation: PICKUP,
      dropoffLocation: DROPOFF,
      pickupTime: nextPickup(),
      passengerName: 'Sid Shuttle',
      phone,
      stops: [
        { location: 'Elizabeth Quay, Perth WA', passengers: 2, type: 'pickup' },
        { location: 'Kings Park, Perth WA', passengers: 1, type: 'dropoff' },
      ],
    });
    expect(response.statusCode).toBe(201);
    return (response.json().bookings as Booking[]).map((booking) => booking.id);
  },
  async 'online: /book'(phone) {
    const response = await post(
      '/api/online-bookings',
      {
        ...ONLINE_TRIP,
        pickupTime: nextPickup(),
        numPassengers: 1,
        vehicleType: 'Standard HUG',
        passengerName: 'Olive Online',
        phone,
      },
      null,
    );
    expect(response.statusCode).toBe(201);
    return [response.json().booking.id as string];
  },
  async 'multi: Multi Booking'(phone) {
    const response = await post('/api/bookings/multi', {
      trip: {
        pickupLocation: PICKUP,
        dropoffLocation: DROPOFF,
        passengerName: 'Milo Multi',
        phone,
      },
      pickupTimes: [nextPickup(), nextPickup(), nextPickup()],
    });
    expect(response.statusCode).toBe(201);
    return (response.json().bookings as Booking[]).map((booking) => booking.id);
  },
  // No screen creates these yet (the importer and the API come next); they
  // go through the same service, so they are created through it here.
  'import: file import': (phone) => createThroughService('import', phone),
  'api: another program': (phone) => createThroughService('api', phone),
};

const SOURCE_OF: Record<keyof typeof CREATE_FROM, BookingSource> = {
  'dispatch: New Booking panel': 'dispatch',
  'dispatch: shuttle run': 'dispatch',
  'online: /book': 'online',
  'multi: Multi Booking': 'multi',
  'import: file import': 'import',
  'api: another program': 'api',
};

async function createThroughService(source: BookingSource, phone: string): Promise<string[]> {
  const { db, maps, settings } = t.app;
  const draft: BookingDraft = {
    pickupTime: new Date(nextPickup()),
    pickupLocation: PICKUP,
    dropoffLocation: DROPOFF,
    pickupLat: null,
    pickupLng: null,
    dropoffLat: null,
    dropoffLng: null,
    vehicleType: 'Standard HUG',
    numPassengers: 1,
    numSuitcases: 0,
    notes: '',
    accountCode: null,
    isCharged: true,
  };
  const { body } = await createBookings(
    { db, maps, settings, bus: t.app.liveEvents },
    {
      drafts: [draft, { ...draft, pickupTime: new Date(nextPickup()) }],
      contact: { name: `Ivy ${source}`, phone },
      route: { points: [{}, {}] },
      source,
      actor: null,
      idempotency: { scope: `test-${source}`, key: null, body: null },
    },
    (created) => created.map((booking) => booking.id),
  );
  return body;
}

describe('every source creates bookings through one service', () => {
  it.each(Object.keys(CREATE_FROM))(
    '%s: an open dispatch board hears booking.created for every booking, with the source',
    async (name) => {
      const ids = await CREATE_FROM[name]!('0400 000 001');
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        const event = await live.waitFor(
          (item) => item.type === 'booking.created' && item.booking.id === id,
        );
        expect(event).toMatchObject({ booking: { source: SOURCE_OF[name] } });
      }
      const rows = await t.connection.db
        .select({ source: bookings.source })
        .from(bookings)
        .where(inArray(bookings.id, ids));
      expect(rows.map((row) => row.source)).toEqual(ids.map(() => SOURCE_OF[name]));
    },
  );

  it('tells the board about every stop of a shuttle run', async () => {
    const ids = await CREATE_FROM['dispatch: shuttle run']!('0400 000 002');
    expect(ids).toHaveLength(3);
    const events = await Promise.all(
      ids.map((id) =>
        live.waitFor((item) => item.type === 'booking.created' && item.booking.id === id),
      ),
    );
    expect(
      events.map((event) => event.type === 'booking.created' && event.booking.shuttleSequence),
    ).toEqual([0, 1, 2]);
  });

  it('resolves one phone number, however it is typed, to one customer from every source', async () => {
    const forms = ['0412 345 678', '+61 412 345 678', '61412345678'];
    const ids: string[] = [];
    for (const create of Object.values(CREATE_FROM)) {
      for (const phone of forms) ids.push(...(await create(phone)));
    }
    const rows = await t.connection.db
      .select({ customerId: bookings.customerId, phone: bookings.phone })
      .from(bookings)
      .where(inArray(bookings.id, ids));
    expect(rows).toHaveLength(ids.length);
    const customerIds = new Set(rows.map((row) => row.customerId));
    expect(customerIds.size).toBe(1);
    expect(new Set(rows.map((row) => row.phone))).toEqual(new Set(['+61412345678']));
    const [customer] = await t.connection.db
      .select()
      .from(customers)
      .where(eq(customers.id, [...customerIds][0]!));
    expect(customer).toMatchObject({ phone: '+61412345678', totalBookings: ids.length });
  });
});

describe('what a creation answers', () => {
  it('is the booking as reading it back shows it, odd text and coordinates included', async () => {
    const response = await post('/api/bookings', {
      pickupLocation: PICKUP,
      dropoffLocation: DROPOFF,
      pickupLat: -31.9385,
      pickupLng: 115.9672,
      dropoffLat: -31.9594,
      dropoffLng: 115.8906,
      pickupTime: nextPickup(),
      passengerName: 'Zoë "Quotes" O\'Brien',
      phone: '0400 000 401',
      email: 'zoe.obrien@example.test',
      numPassengers: 3,
      numSuitcases: 2,
      childSeats: 1,
      vehicleType: 'Multivan 6',
      notes: 'Back\\slash, {braces}, [brackets], "quotes", tab\there, 🚗',
    });
    expect(response.statusCode).toBe(201);
    const [created] = response.json().bookings as Booking[];
    expect(created).toMatchObject({
      notes: 'Back\\slash, {braces}, [brackets], "quotes", tab\there, 🚗',
      pickupLat: -31.9385,
      childSeats: 1,
      status: 'pending',
      source: 'dispatch',
    });
    expect(created!.fareAmount).toBeGreaterThan(0);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${created!.id}`,
      headers: { cookie: dispatcher.cookie },
    });
    expect(read.statusCode).toBe(200);
    const { booking } = read.json() as { booking: Booking };
    expect(created).toEqual(booking);
  });
});

describe('the route figures and the fare follow one rule', () => {
  it("prices from our routing when every point is located, over the client's figures", async () => {
    const response = await post('/api/bookings', {
      pickupLocation: PICKUP,
      dropoffLocation: DROPOFF,
      pickupTime: nextPickup(),
      pickupLat: -31.9403,
      pickupLng: 115.9669,
      dropoffLat: -31.9594,
      dropoffLng: 115.8946,
      distanceMeters: 1,
      durationSeconds: 1,
    });
    const [booking] = response.json().bookings as Booking[];
    expect(booking!.distanceMeters).toBeGreaterThan(1_000);
  });

  it("uses the client's figures when a point has no coordinates, and stores the fare as money", async () => {
    const multi = await post('/api/bookings/multi', {
      trip: {
        pickupLocation: PICKUP,
        dropoffLocation: DROPOFF,
        passengerName: 'Fig Figures',
        distanceMeters: 12_300,
        durationSeconds: 1_200,
      },
      pickupTimes: [nextPickup()],
    });
    const [booking] = multi.json().bookings as Booking[];
    expect(booking).toMatchObject({ distanceMeters: 12_300, durationSeconds: 1_200 });
    const unpriced = await post('/api/bookings/multi', {
      trip: { pickupLocation: PICKUP, dropoffLocation: DROPOFF, passengerName: 'No Route' },
      pickupTimes: [nextPickup()],
    });
    const [free] = unpriced.json().bookings as Booking[];
    const [row] = await t.connection.db
      .select({ fareAmount: bookings.fareAmount, distanceMeters: bookings.distanceMeters })
      .from(bookings)
      .where(eq(bookings.id, free!.id));
    expect(row).toEqual({ fareAmount: '0.00', distanceMeters: null });
  });
});

describe('booking references', () => {
  async function createWithReferences(references: () => string, phone: string) {
    const { db, maps, settings } = t.app;
    const draft: BookingDraft = {
      pickupTime: new Date(nextPickup()),
      pickupLocation: PICKUP,
      dropoffLocation: DROPOFF,
      pickupLat: null,
      pickupLng: null,
      dropoffLat: null,
      dropoffLng: null,
      vehicleType: 'Standard HUG',
      numPassengers: 1,
      numSuitcases: 0,
      notes: '',
      accountCode: null,
      isCharged: true,
    };
    return createBookings(
      { db, maps, settings, bus: t.app.liveEvents },
      {
        drafts: [draft, { ...draft, pickupTime: new Date(nextPickup()) }],
        contact: { name: 'Rex Reference', phone },
        route: { points: [{}, {}], distanceMeters: 10_000, durationSeconds: 900 },
        source: 'dispatch',
        actor: null,
        idempotency: { scope: 'test-references', key: null, body: null },
        pickReference: references,
      },
      (created) => created,
    );
  }

  it('gives a booking whose reference is taken a fresh one, and creates it once', async () => {
    const taken = (await createWithReferences(newReference, '0400 000 301')).body[0]!.reference;
    const fresh = [newReference(), newReference()];
    const offered = [taken, ...fresh];
    const { body } = await createWithReferences(() => offered.shift()!, '0400 000 302');
    expect(body.map((booking) => booking.reference)).toEqual([fresh[1], fresh[0]]);
    const rows = await t.connection.db
      .select({ id: bookings.id, customerId: bookings.customerId })
      .from(bookings)
      .where(inArray(bookings.reference, [taken, ...fresh]));
    expect(rows).toHaveLength(3);
    const events = await t.connection.db
      .select({ bookingId: bookingEvents.bookingId })
      .from(bookingEvents)
      .where(
        inArray(
          bookingEvents.bookingId,
          body.map((booking) => booking.id),
        ),
      );
    expect(events).toHaveLength(2);
    const [customer] = await t.connection.db
      .select({ totalBookings: customers.totalBookings })
      .from(customers)
      .where(eq(customers.id, body[0]!.customer!.id));
    expect(customer?.totalBookings).toBe(2);
  });

  it('refuses with a conflict, creating nothing, when no free reference turns up', async () => {
    const taken = (await createWithReferences(newReference, '0400 000 303')).body[0]!.reference;
    await expect(createWithReferences(() => taken, '0400 000 304')).rejects.toBeInstanceOf(
      Conflict,
    );
    const rows = await t.connection.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.phone, '+61400000304'));
    expect(rows).toEqual([]);
  });
});
