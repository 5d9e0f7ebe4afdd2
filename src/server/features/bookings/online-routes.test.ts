import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteFare } from '../../../domain/fares';
import { DEFAULT_BUSINESS } from '../../../domain/settings';
import { bookingEvents, bookings, customers, mailOutbox } from '../../db/schema';
import { ONLINE_TRIP, onlineTripRoute } from '../../test/online-trip';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    ...ONLINE_TRIP,
    pickupTime: tomorrow(),
    numPassengers: 2,
    largeSuitcases: 2,
    mediumSuitcases: 0,
    vehicleType: 'Standard HUG',
    childSeats: false,
    passengerName: 'Harriet Quinn',
    phone: '0412 345 678',
    email: 'harriet@example.test',
    notes: 'Flight QF 583',
    ...overrides,
  };
}

const book = (payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/online-bookings',
    headers: { origin: TEST_ORIGIN, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

describe('POST /api/online-bookings', () => {
  it('takes places as GET /api/places/:id gave them, with their proof (decision 210)', async () => {
    const placeOf = async (query: string) => {
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/places?q=${encodeURIComponent(query)}`,
      });
      const [first] = (found.json() as { places: { id: string }[] }).places;
      const details = await t.app.inject({
        method: 'GET',
        url: `/api/places/${encodeURIComponent(first!.id)}`,
      });
      return details.json() as { address: string; lat: number; lng: number; proof: string };
    };
    const from = await placeOf('Perth Airport');
    const to = await placeOf('Fremantle');
    expect(from.proof).toMatch(/^[\w-]{22}$/);
    const response = await book(
      validBody({
        pickupLocation: from.address,
        pickupLat: from.lat,
        pickupLng: from.lng,
        pickupProof: from.proof,
        dropoffLocation: to.address,
        dropoffLat: to.lat,
        dropoffLng: to.lng,
        dropoffProof: to.proof,
        passengerName: 'Pia Proof',
        phone: '0412 999 210',
        email: 'pia.proof@example.test',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().booking.pickupLocation).toBe(from.address);
  });

  it('creates a pending booking with the quoted fare, linked to a new customer', async () => {
    const response = await book(validBody(), 'form-1');
    expect(response.statusCode).toBe(201);
    const { booking } = response.json();
    expect(booking.reference).toMatch(/^[A-Z2-9]{6}$/);
    expect(booking.status).toBe('pending');
    const route = await onlineTripRoute(t.app.maps);
    const expected = quoteFare({ ...route, vehicleType: 'Standard HUG' });
    expect(booking.fareAmount).toBe(expected.roundedFareCents / 100);
    // The confirmation names the route the fare was priced on.
    expect(booking).toMatchObject(route);

    const [row] = await t.connection.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      source: 'online',
      phone: '+61412345678',
      passengerName: 'Harriet Quinn',
    });
    expect(row!.notes).toContain('Flight QF 583');
    const [customer] = await t.connection.db
      .select()
      .from(customers)
      .where(eq(customers.id, row!.customerId!));
    expect(customer).toMatchObject({ firstName: 'Harriet', lastName: 'Quinn', totalBookings: 1 });
    const events = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id));
    expect(events.map((event) => event.type)).toEqual(['created']);
  });

  it('refuses a vehicle that cannot seat the passengers, naming the field, and books nothing (decision 91)', async () => {
    const before = (await t.connection.db.select({ id: bookings.id }).from(bookings)).length;
    const response = await book(validBody({ numPassengers: 7, vehicleType: 'Standard HUG' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      vehicleType:
        '7 passengers do not fit in the Standard HUG, which seats 4. Choose a larger vehicle.',
    });
    expect((await t.connection.db.select({ id: bookings.id }).from(bookings)).length).toBe(before);
    expect((await book(validBody({ numPassengers: 7, vehicleType: 'Imax 7' }))).statusCode).toBe(
      201,
    );
  });

  it("prices its own route, never the visitor's distance and time (a short one sent is ignored)", async () => {
    const response = await book(validBody({ distanceMeters: 100, durationSeconds: 10 }));
    expect(response.statusCode).toBe(201);
    const { booking } = response.json();
    const route = await onlineTripRoute(t.app.maps);
    expect(booking).toMatchObject(route);
    expect(booking.fareAmount).toBe(
      quoteFare({ ...route, vehicleType: 'Standard HUG' }).roundedFareCents / 100,
    );
  });

  it('refuses a place without coordinates, naming it, and books nothing', async () => {
    const before = (await t.connection.db.select({ id: bookings.id }).from(bookings)).length;
    const problem =
      'choose the place from the suggestions: only a place chosen from them can be priced';
    const cases: [Record<string, unknown>, string][] = [
      [{ pickupLat: undefined }, 'pickupLocation'],
      [{ dropoffLng: undefined }, 'dropoffLocation'],
      [
        {
          stops: [
            { location: 'Kings Park, Perth', lat: -31.96, lng: 115.83 },
            { location: 'Broome WA' },
          ],
        },
        'stops.1.location',
      ],
      // Decision 210: points with no proof, or not the named place's. The second
      // attack a tester made: Mandurah named, a point 19 m from the pickup sent.
      [{ pickupProof: undefined }, 'pickupLocation'],
      [
        {
          dropoffLocation: 'Mandurah Foreshore, Mandurah WA 6210',
          dropoffLat: ONLINE_TRIP.pickupLat - 0.0001,
          dropoffLng: ONLINE_TRIP.pickupLng,
        },
        'dropoffLocation',
      ],
      [{ dropoffProof: ONLINE_TRIP.pickupProof }, 'dropoffLocation'],
      [{ dropoffLat: ONLINE_TRIP.dropoffLat + 0.001 }, 'dropoffLocation'],
      // The attack a tester made: Broome typed, a 100 m route sent.
      [
        {
          dropoffLocation: 'Broome WA 6725, Australia',
          dropoffLat: undefined,
          dropoffLng: undefined,
          distanceMeters: 100,
          durationSeconds: 10,
        },
        'dropoffLocation',
      ],
    ];
    for (const [overrides, field] of cases) {
      const response = await book(validBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error.fields).toEqual({ [field]: problem });
    }
    expect((await t.connection.db.select({ id: bookings.id }).from(bookings)).length).toBe(before);
  });

  it('stores a number written with 00 or 0011 and a country code in E.164', async () => {
    for (const [phone, e164] of [
      ['0061 412 555 019', '+61412555019'],
      ['0044 20 7946 0958', '+442079460958'],
      ['0011 44 20 7946 0959', '+442079460959'],
    ]) {
      const response = await book(validBody({ phone, email: '' }));
      expect(response.statusCode, phone).toBe(201);
      const [row] = await t.connection.db
        .select({ phone: bookings.phone, customerPhone: customers.phone })
        .from(bookings)
        .innerJoin(customers, eq(customers.id, bookings.customerId))
        .where(eq(bookings.id, response.json().booking.id));
      expect(row).toEqual({ phone: e164, customerPhone: e164 });
    }
  });

  it('links a returning visitor to the same customer by phone', async () => {
    const first = (await book(validBody({ phone: '0498 765 432', email: '' }))).json().booking;
    const second = (await book(validBody({ phone: '+61 498 765 432', email: '' }))).json().booking;
    const rows = await t.connection.db
      .select({ customerId: bookings.customerId })
      .from(bookings)
      .where(eq(bookings.phone, '+61498765432'));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.customerId)).size).toBe(1);
    expect(first.id).not.toBe(second.id);
  });

  it('answers the same Idempotency-Key with the first booking and creates nothing more', async () => {
    const body = validBody({ passengerName: 'Double Clicker', phone: '0411 111 111' });
    const first = await book(body, 'double-click-1');
    const again = await book(body, 'double-click-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await t.connection.db
      .select()
      .from(bookings)
      .where(eq(bookings.passengerName, 'Double Clicker'));
    expect(rows).toHaveLength(1);
  });

  it('mails the admins and the customer about a new online booking, once per booking', async () => {
    const admin = await t.createUser({ role: 'admin', email: 'owner@example.test' });
    // The receipt offers the business's phone once the owner has saved one (decision 230).
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/business',
      payload: { ...DEFAULT_BUSINESS, phone: '08 9000 1234' },
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
    });
    expect(saved.statusCode).toBe(200);
    const body = validBody({
      passengerName: 'Notify Me',
      phone: '0433 333 333',
      email: 'notify.me@example.test',
      // 10:30 in Perth.
      pickupTime:
        new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) + 'T02:30:00.000Z',
      childSeats: 1,
    });
    const { booking } = (await book(body, 'notify-1')).json();
    await book(body, 'notify-1');
    const mailsTo = (to: string) =>
      t.connection.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    const about = (await mailsTo(admin.email)).filter(
      (mail) => mail.subject === `New online booking ${booking.reference}`,
    );
    expect(about).toHaveLength(1);
    const when = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Australia/Perth',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(body.pickupTime));
    expect(about[0]!.text).toContain('Notify Me (0433 333 333, notify.me@example.test) requested');
    expect(about[0]!.text).toContain(`${when}, 10:30 am (Perth time)`);
    expect(about[0]!.text).toContain('Luggage: 2 large suitcases');
    expect(about[0]!.text).toContain('Also: 1 child seat');
    expect(about[0]!.text).toContain('Notes: Flight QF 583');
    expect(about[0]!.text).not.toContain('UTC');

    const receipts = await mailsTo('notify.me@example.test');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(
      `Your booking request ${booking.reference} with Perth Chauffeur Ops`,
    );
    expect(receipts[0]!.text).toContain(`Your booking reference: ${booking.reference}`);
    expect(receipts[0]!.text).toContain(
      'Our dispatch team will confirm your booking by phone shortly.',
    );
    expect(receipts[0]!.text).toContain(`${when}, 10:30 am (Perth time)`);
    expect(receipts[0]!.text).toContain(`call us on (08) 9000 1234 and quote ${booking.reference}`);
  });

  it('sends no receipt without an email', async () => {
    const response = await book(
      validBody({ passengerName: 'No Mail', phone: '0433 333 444', email: '' }),
    );
    expect(response.statusCode).toBe(201);
    const mails = await t.connection.db.select().from(mailOutbox);
    expect(mails.filter((mail) => mail.text.startsWith('Hello No Mail'))).toEqual([]);
  });

  it('refuses the same key with a different body with a 409', async () => {
    await book(validBody({ phone: '0422 222 222' }), 'reused-key');
    const response = await book(
      validBody({ phone: '0422 222 222', numPassengers: 3 }),
      'reused-key',
    );
    expect(response.statusCode).toBe(409);
  });

  it.each([
    [{ phone: '12345' }, 'phone'],
    [{ pickupTime: '2020-01-01T10:00:00+08:00' }, 'pickupTime'],
    [{ pickupTime: 'tomorrow' }, 'pickupTime'],
    [{ passengerName: '' }, 'passengerName'],
    [{ numPassengers: 8 }, 'numPassengers'],
    [{ vehicleType: 'Bus' }, 'vehicleType'],
    [{ email: 'not-an-email' }, 'email'],
    [{ pickupLocation: '' }, 'pickupLocation'],
  ])('refuses %j with a 400 naming %s and creates nothing', async (override, field) => {
    const before = (await t.connection.db.select({ id: bookings.id }).from(bookings)).length;
    const response = await book(validBody({ passengerName: 'Bad Input', ...override }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    const after = (await t.connection.db.select({ id: bookings.id }).from(bookings)).length;
    expect(after).toBe(before);
  });
});

describe("the booker's name", () => {
  it('keeps the family name with its particles on the new customer, and the booking as typed', async () => {
    const response = await book(
      validBody({ passengerName: 'Mary Jane van der Berg', phone: '0412 000 771', email: '' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.connection.db
      .select({ passengerName: bookings.passengerName, customerId: bookings.customerId })
      .from(bookings)
      .where(eq(bookings.id, response.json().booking.id));
    expect(row!.passengerName).toBe('Mary Jane van der Berg');
    const [customer] = await t.connection.db
      .select({ firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, row!.customerId!));
    expect(customer).toEqual({ firstName: 'Mary Jane', lastName: 'van der Berg' });
  });
});

describe('POST /api/online-bookings when the routing service is down', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9: every route request is refused at once.
    down = await createTestApp({ OSRM_URL: 'http://127.0.0.1:9' });
  });
  afterAll(() => down.close());

  it('prices our straight-line estimate of the places, still not the distance sent', async () => {
    const response = await down.app.inject({
      method: 'POST',
      url: '/api/online-bookings',
      headers: { origin: TEST_ORIGIN },
      payload: validBody({ distanceMeters: 100, durationSeconds: 10 }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { booking } = response.json();
    const estimate = down.app.maps.estimate({
      origin: { lat: ONLINE_TRIP.pickupLat, lng: ONLINE_TRIP.pickupLng },
      destination: { lat: ONLINE_TRIP.dropoffLat, lng: ONLINE_TRIP.dropoffLng },
      stopovers: [],
    });
    expect(booking.distanceMeters).toBe(estimate.distanceMeters);
    expect(booking.fareAmount).toBe(
      quoteFare({ ...estimate, vehicleType: 'Standard HUG' }).roundedFareCents / 100,
    );
  });
});
