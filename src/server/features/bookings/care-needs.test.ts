import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../../domain/bookings';
import { quoteFare } from '../../../domain/fares';
import { bookings, drivers } from '../../db/schema';
import { ONLINE_TRIP, onlineTripRoute } from '../../test/online-trip';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// Child seats and assistance needs: what the driver prepares before a pickup,
// taken by every way a booking is made and shown on the driver's job.

let t: TestApp;
let dispatcher: TestUser;
let driverUser: TestUser;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  const [driver] = await t.connection.db
    .insert(drivers)
    .values({ firstName: 'Cara', lastName: 'Seats', userId: driverUser.id, status: 'active' })
    .returning();
  driverId = driver!.id;
});
afterAll(() => t.close());

function send(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  user: TestUser | null,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const ROUTE = { distanceMeters: 12_300, durationSeconds: 1_200 };
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const priced = (childSeats: boolean) =>
  quoteFare({ ...ROUTE, vehicleType: 'Standard HUG', childSeats }).roundedFareCents / 100;

async function create(overrides: Record<string, unknown> = {}): Promise<Booking[]> {
  const response = await send('POST', '/api/bookings', dispatcher, {
    pickupLocation: 'Perth Airport T1',
    dropoffLocation: 'Fremantle',
    pickupTime: tomorrow(),
    passengerName: 'Seat Test',
    numPassengers: 3,
    ...ROUTE,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().bookings;
}

describe('child seats and assistance needs on a booking', () => {
  it('are kept from the New Booking, none by default, and child seats add the fitting fee', async () => {
    const [plain] = await create();
    expect(plain).toMatchObject({ childSeats: 0, assistanceNeeds: '', fareAmount: priced(false) });
    const [family] = await create({ childSeats: 2, assistanceNeeds: '  Walking frame  ' });
    expect(family).toMatchObject({
      childSeats: 2,
      assistanceNeeds: 'Walking frame',
      fareAmount: priced(true),
    });
    expect(priced(true)).toBeGreaterThan(priced(false));
  });

  it.each([
    ['more than 4 child seats', { childSeats: 5 }, 'childSeats'],
    ['a part of a child seat', { childSeats: 1.5 }, 'childSeats'],
    ['more child seats than passengers', { numPassengers: 1, childSeats: 2 }, 'childSeats'],
    [
      'assistance needs past 200 characters',
      { assistanceNeeds: 'x'.repeat(201) },
      'assistanceNeeds',
    ],
  ])('refuses %s with a 400 naming the field, creating nothing', async (_, fields, field) => {
    const name = `Refused ${field} ${JSON.stringify(fields).length}`;
    const response = await send('POST', '/api/bookings', dispatcher, {
      pickupLocation: 'Perth Airport T1',
      dropoffLocation: 'Fremantle',
      pickupTime: tomorrow(),
      passengerName: name,
      ...fields,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    const rows = await t.connection.db
      .select()
      .from(bookings)
      .where(eq(bookings.passengerName, name));
    expect(rows).toEqual([]);
  });

  it('puts them on a shuttle run once, with its main pickup', async () => {
    const run = await create({
      childSeats: 1,
      assistanceNeeds: 'Assistance animal',
      stops: [{ location: 'Subiaco', passengers: 1, type: 'pickup' }],
    });
    expect(run.map((leg) => [leg.childSeats, leg.assistanceNeeds])).toEqual([
      [1, 'Assistance animal'],
      [0, ''],
    ]);
  });

  it('are edited by PATCH, recorded in the booking history', async () => {
    const [booking] = await create();
    const edited = await send('PATCH', `/api/bookings/${booking!.id}`, dispatcher, {
      childSeats: 3,
      assistanceNeeds: 'Help with bags',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().booking).toMatchObject({
      childSeats: 3,
      assistanceNeeds: 'Help with bags',
    });
    const detail = (await send('GET', `/api/bookings/${booking!.id}`, dispatcher)).json();
    // The seats bring the fitting fee with them: the trip is priced again (decision 87).
    expect(detail.events.at(-1).changes).toEqual({
      childSeats: { from: 0, to: 3 },
      assistanceNeeds: { from: '', to: 'Help with bags' },
      fareAmount: { from: priced(false), to: priced(true) },
    });
    expect(edited.json().booking.fareAmount).toBe(priced(true));
    const refused = await send('PATCH', `/api/bookings/${booking!.id}`, dispatcher, {
      childSeats: -1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('childSeats');
    // Three passengers with three seats: fewer passengers would leave a seat for no one.
    const fewer = await send('PATCH', `/api/bookings/${booking!.id}`, dispatcher, {
      numPassengers: 2,
    });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().error.fields.childSeats).toBe('cannot be more than the 2 passengers');
    const [row] = await t.connection.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(row).toMatchObject({ numPassengers: 3, childSeats: 3 });
  });

  it('still edits the notes of a booking stored with more seats than passengers', async () => {
    const [booking] = await create();
    // As stored before decision 82.
    await t.connection.db
      .update(bookings)
      .set({ numPassengers: 1, childSeats: 3 })
      .where(eq(bookings.id, booking!.id));
    const notes = await send('PATCH', `/api/bookings/${booking!.id}`, dispatcher, {
      notes: 'Call on arrival',
    });
    expect(notes.statusCode).toBe(200);
    const seats = await send('PATCH', `/api/bookings/${booking!.id}`, dispatcher, {
      childSeats: 2,
    });
    expect(seats.statusCode).toBe(400);
    expect(seats.json().error.fields.childSeats).toBe('cannot be more than the 1 passenger');
  });

  it('reach the driver the job is given to', async () => {
    const [booking] = await create({ childSeats: 2, assistanceNeeds: 'Wheelchair, folds' });
    const assigned = await send('POST', `/api/bookings/${booking!.id}/assign`, dispatcher, {
      driverId,
    });
    expect(assigned.statusCode).toBe(200);
    const jobs = (await send('GET', '/api/drivers/me/jobs', driverUser)).json();
    expect(jobs.upcoming.find((job: Booking) => job.id === booking!.id)).toMatchObject({
      childSeats: 2,
      assistanceNeeds: 'Wheelchair, folds',
    });
  });
});

describe('child seats and assistance needs from the /book page', () => {
  const online = (overrides: Record<string, unknown>) =>
    send('POST', '/api/online-bookings', null, {
      ...ONLINE_TRIP,
      pickupTime: tomorrow(),
      numPassengers: 2,
      vehicleType: 'Standard HUG',
      passengerName: 'Online Family',
      phone: '0412 345 679',
      ...overrides,
    });
  const stored = async (id: string) =>
    (await t.connection.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const pricedOnline = async (childSeats: boolean) =>
    quoteFare({ ...(await onlineTripRoute(t.app.maps)), vehicleType: 'Standard HUG', childSeats })
      .roundedFareCents / 100;

  it("takes the calculator's Child Seats tick as one seat, and a count as given", async () => {
    const ticked = (await online({ childSeats: true })).json().booking;
    expect(await stored(ticked.id)).toMatchObject({ childSeats: 1 });
    expect(ticked.fareAmount).toBe(await pricedOnline(true));
    const counted = (await online({ childSeats: 3, numPassengers: 3 })).json().booking;
    expect(await stored(counted.id)).toMatchObject({ childSeats: 3 });
    const none = (await online({ childSeats: false })).json().booking;
    expect(await stored(none.id)).toMatchObject({ childSeats: 0 });
    expect(none.fareAmount).toBe(await pricedOnline(false));
  });

  it('keeps what the visitor wrote as assistance needs, else the assistance options ticked', async () => {
    const written = (await online({ assistanceNeeds: 'Guide dog' })).json().booking;
    expect(await stored(written.id)).toMatchObject({ assistanceNeeds: 'Guide dog' });
    const ticked = (await online({ options: { assistanceAnimal: true, walkingAids: true } })).json()
      .booking;
    expect(await stored(ticked.id)).toMatchObject({
      assistanceNeeds: 'Assistance animal, Walking aids/wheelchair/walker',
    });
  });

  it('refuses 5 child seats naming the field', async () => {
    const response = await online({ childSeats: 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('childSeats');
  });

  it('refuses more child seats than passengers naming the field, creating nothing', async () => {
    const passengerName = 'Online Too Many Seats';
    const response = await online({ childSeats: 3, numPassengers: 2, passengerName });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.childSeats).toBe('cannot be more than the 2 passengers');
    const rows = await t.connection.db
      .select()
      .from(bookings)
      .where(eq(bookings.passengerName, passengerName));
    expect(rows).toEqual([]);
  });
});
