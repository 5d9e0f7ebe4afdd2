import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, driverLeaves, drivers, vehicles } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let dispatcher: TestUser;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
});
afterAll(() => t.close());

async function vehicle(type: 'Standard HUG' | 'Multivan 6' | 'Imax 7', status = 'active') {
  counter += 1;
  const seats = { 'Standard HUG': 4, 'Multivan 6': 6, 'Imax 7': 7 }[type];
  const [row] = await t.connection.db
    .insert(vehicles)
    .values({ registration: `1ASG ${counter}`, type, make: 'Make', model: 'Model', seats, status })
    .returning({ id: vehicles.id });
  return row!.id;
}

async function driver(values: Partial<typeof drivers.$inferInsert> = {}) {
  const [row] = await t.connection.db
    .insert(drivers)
    .values({ firstName: 'Ann', lastName: 'Lee', status: 'active', ...values })
    .returning({ id: drivers.id });
  return row!.id;
}

async function booking(values: Partial<typeof bookings.$inferInsert> = {}) {
  counter += 1;
  const [row] = await t.connection.db
    .insert(bookings)
    .values({
      reference: `ASG${String(counter).padStart(3, '0')}`,
      pickupTime: new Date('2030-03-05T01:00:00Z'),
      pickupLocation: 'A',
      dropoffLocation: 'B',
      ...values,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

function assign(bookingId: string, body: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/assign`,
    headers: { origin: TEST_ORIGIN, cookie: dispatcher.cookie },
    payload: body,
  });
}

describe('assigning a booking', () => {
  it('warns without blocking when the driver’s vehicle is too small for the passengers', async () => {
    const sedan = await vehicle('Standard HUG');
    const driverId = await driver({ vehicleId: sedan });
    const response = await assign(await booking({ numPassengers: 6 }), { driverId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking.status).toBe('assigned');
    expect(response.json().capacityWarning).toBe(
      "This job needs a Multivan 6 (6 passengers, 0 suitcases, booked as Standard HUG); the driver's current vehicle is a Standard HUG, which seats 4.",
    );
  });

  it('has no warning when the vehicle fits', async () => {
    const van = await vehicle('Multivan 6');
    const driverId = await driver({ vehicleId: van });
    const response = await assign(await booking({ numPassengers: 6, numSuitcases: 4 }), {
      driverId,
    });
    expect(response.json().capacityWarning).toBeNull();
    expect(response.json().booking.vehicle.id).toBe(van);
  });

  it('refuses a deactivated driver', async () => {
    const driverId = await driver({ status: 'offline', deactivatedAt: new Date() });
    const response = await assign(await booking(), { driverId });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This driver is inactive and cannot be assigned.');
  });

  it('refuses a vehicle that is not active', async () => {
    const retired = await vehicle('Imax 7', 'inactive');
    const driverId = await driver();
    const response = await assign(await booking(), { driverId, vehicleId: retired });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/is not active and cannot be picked/);
  });

  it('refuses a vehicle the driver may not drive', async () => {
    const van = await vehicle('Multivan 6');
    const driverId = await driver({ drivesAnyVehicle: false });
    const response = await assign(await booking(), { driverId, vehicleId: van });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/may not drive/);
  });

  it('refuses a driver on leave on the pickup’s Perth date, naming the reason', async () => {
    const driverId = await driver({ firstName: 'Lea', lastName: 'Vance' });
    await t.connection.db.insert(driverLeaves).values({
      driverId,
      startsOn: '2030-03-05',
      endsOn: '2030-03-07',
      reason: 'Annual leave',
    });
    // 01:00 UTC on the 5th is 09:00 on the 5th in Perth.
    const refused = await assign(await booking(), { driverId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Lea Vance is unavailable from 2030-03-05 to 2030-03-07 (Annual leave) and cannot be assigned a job that day.',
    );
    // 17:00 UTC on the 7th is already the 8th in Perth.
    const after = await assign(await booking({ pickupTime: new Date('2030-03-07T17:00:00Z') }), {
      driverId,
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('assigning on what the dispatcher saw (expectedDriverId)', () => {
  async function driverOf(bookingId: string) {
    const [row] = await t.connection.db
      .select({ driverId: bookings.driverId, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    return row!;
  }

  async function assignedEvents(bookingId: string) {
    const rows = await t.connection.db
      .select({ id: bookingEvents.id })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.type, 'assigned')));
    return rows.length;
  }

  it('assigns a pending booking the dispatcher saw without a driver', async () => {
    const driverId = await driver();
    const id = await booking();
    const response = await assign(id, { driverId, expectedDriverId: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking.driver.id).toBe(driverId);
  });

  it('reassigns when the booking still has the driver the dispatcher saw', async () => {
    const first = await driver();
    const second = await driver({ firstName: 'Bo', lastName: 'Reyes' });
    const id = await booking();
    expect((await assign(id, { driverId: first })).statusCode).toBe(200);
    const response = await assign(id, { driverId: second, expectedDriverId: first });
    expect(response.statusCode, response.body).toBe(200);
    expect((await driverOf(id)).driverId).toBe(second);
  });

  it('hands an en-route job to another driver: assigned to them, waiting for their Accept (decision 184)', async () => {
    const brokeDown = await driver({ firstName: 'Jack', lastName: 'Thompson' });
    const spare = await driver({ firstName: 'Oliver', lastName: 'Russo' });
    const id = await booking({ status: 'en-route', driverId: brokeDown });
    const response = await assign(id, { driverId: spare, expectedDriverId: brokeDown });
    expect(response.statusCode, response.body).toBe(200);
    expect(await driverOf(id)).toEqual({ driverId: spare, status: 'assigned' });
    const [event] = await t.connection.db
      .select({ fromStatus: bookingEvents.fromStatus, toStatus: bookingEvents.toStatus })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.type, 'assigned')));
    expect(event).toEqual({ fromStatus: 'en-route', toStatus: 'assigned' });
  });

  it('refuses to reassign an en-route job to the driver on the way, and one that has arrived', async () => {
    const onTheWay = await driver({ firstName: 'Jack', lastName: 'Thompson' });
    const enRoute = await booking({ status: 'en-route', driverId: onTheWay });
    const same = await assign(enRoute, { driverId: onTheWay, expectedDriverId: onTheWay });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe('Jack Thompson is on the way to this job already.');
    expect(await driverOf(enRoute)).toEqual({ driverId: onTheWay, status: 'en-route' });

    const arrived = await booking({ status: 'arrived', driverId: onTheWay });
    const late = await assign(arrived, { driverId: await driver(), expectedDriverId: onTheWay });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('A booking cannot go from arrived to assigned.');
    expect(await driverOf(arrived)).toEqual({ driverId: onTheWay, status: 'arrived' });
  });

  it('refuses with 409 naming who has the job when another dispatcher assigned it meanwhile, and changes nothing', async () => {
    const theirs = await driver({ firstName: 'Mia', lastName: 'Tran' });
    const mine = await driver({ firstName: 'Bo', lastName: 'Reyes' });
    const id = await booking();
    expect((await assign(id, { driverId: theirs, expectedDriverId: null })).statusCode).toBe(200);

    const late = await assign(id, { driverId: mine, expectedDriverId: null });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'This booking was just assigned to Mia Tran. Look again before reassigning.',
    );
    expect(await driverOf(id)).toEqual({ driverId: theirs, status: 'assigned' });
    expect(await assignedEvents(id)).toBe(1);
  });

  it('refuses a reassignment when the driver the dispatcher saw was taken off meanwhile', async () => {
    const first = await driver();
    const second = await driver();
    const id = await booking({ status: 'pending', driverId: null });
    const response = await assign(id, { driverId: second, expectedDriverId: first });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'This booking was just taken off its driver and has none now. Look again before assigning.',
    );
    expect((await driverOf(id)).driverId).toBeNull();
  });

  it('still assigns whoever has it when the caller sends no expectation (other callers)', async () => {
    const first = await driver();
    const second = await driver();
    const id = await booking();
    expect((await assign(id, { driverId: first })).statusCode).toBe(200);
    expect((await assign(id, { driverId: second })).statusCode).toBe(200);
    expect((await driverOf(id)).driverId).toBe(second);
  });

  it('of two dispatchers assigning the same booking at the same moment, one wins and the other gets 409', async () => {
    const ann = await driver({ firstName: 'Ann', lastName: 'Okafor' });
    const ben = await driver({ firstName: 'Ben', lastName: 'Walsh' });
    const id = await booking();
    const answers = await Promise.all([
      assign(id, { driverId: ann, expectedDriverId: null }),
      assign(id, { driverId: ben, expectedDriverId: null }),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().booking.driver;
    const loser = answers.find((answer) => answer.statusCode === 409)!.json().error.message;
    expect(loser).toBe(
      `This booking was just assigned to ${winner.firstName} ${winner.lastName}. Look again before reassigning.`,
    );
    expect((await driverOf(id)).driverId).toBe(winner.id);
    expect(await assignedEvents(id)).toBe(1);
  });

  it('answers 400 naming expectedDriverId when it is not a uuid, and changes nothing', async () => {
    const driverId = await driver();
    const id = await booking();
    const response = await assign(id, { driverId, expectedDriverId: 'Mia' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('expectedDriverId');
    expect(response.json().error.message).toContain('expectedDriverId');
    expect((await driverOf(id)).driverId).toBeNull();
  });
});

describe("warning of a driver's other job (job-clash)", () => {
  const NINE_AM = new Date('2030-03-05T01:00:00Z'); // 9:00 am in Perth
  const AIRPORT = { pickupLat: -31.9403, pickupLng: 115.9669 };
  const TO_CBD = { dropoffLat: -31.9523, dropoffLng: 115.8613, durationSeconds: 20 * 60 };
  const FREMANTLE = { pickupLat: -32.055, pickupLng: 115.7477 };
  const minutesAfter = (minutes: number) => new Date(NINE_AM.getTime() + minutes * 60_000);

  function clashes(bookingId: string, cookie = dispatcher.cookie) {
    return t.app.inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}/clashes`,
      headers: { origin: TEST_ORIGIN, cookie },
    });
  }

  it('warns, and still assigns, when the driver cannot reach the pickup after their earlier job', async () => {
    const driverId = await driver({ firstName: 'Amelia', lastName: 'Scott' });
    await booking({
      reference: 'KM42E9',
      status: 'assigned',
      driverId,
      pickupTime: NINE_AM,
      ...AIRPORT,
      ...TO_CBD,
    });
    const fremantle = await booking({ pickupTime: minutesAfter(8), ...FREMANTLE });

    const listed = await clashes(fremantle);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().clashes).toContainEqual({
      driverId,
      label: 'Job KM42E9 at 9:00 am',
      warning: expect.stringMatching(
        /^Amelia Scott has job KM42E9 at 9:00 am: after it they would reach this pickup about 9:\d\d am, not by 9:08 am\.$/,
      ),
    });

    const response = await assign(fremantle, { driverId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking.status).toBe('assigned');
    expect(response.json().clashWarning).toMatch(/^Amelia Scott has job KM42E9 at 9:00 am: /);
  });

  it('warns of a later job this one would make them late for', async () => {
    const driverId = await driver({ firstName: 'Ben', lastName: 'Ng' });
    await booking({
      reference: 'LATE01',
      status: 'assigned',
      driverId,
      pickupTime: minutesAfter(15),
      ...FREMANTLE,
    });
    const airport = await booking({ pickupTime: NINE_AM, ...AIRPORT, ...TO_CBD });
    const response = await assign(airport, { driverId });
    expect(response.json().clashWarning).toMatch(
      /^Ben Ng has job LATE01 at 9:15 am: after this job they would reach its pickup about 9:\d\d am\.$/,
    );
  });

  it('says nothing of jobs with time between them, finished ones, or stops of the same shuttle run', async () => {
    const driverId = await driver();
    await booking({
      status: 'assigned',
      driverId,
      pickupTime: minutesAfter(-180),
      ...AIRPORT,
      ...TO_CBD,
    });
    await booking({ status: 'completed', driverId, pickupTime: NINE_AM, ...AIRPORT, ...TO_CBD });
    await booking({ status: 'cancelled', driverId, pickupTime: NINE_AM, ...AIRPORT, ...TO_CBD });
    const run = '6b0c1c57-8d7e-4c59-9b0a-2f0f0f0f0f01';
    await booking({
      status: 'assigned',
      driverId,
      pickupTime: NINE_AM,
      shuttleRunId: run,
      isShuttle: true,
      ...AIRPORT,
    });
    const stop2 = await booking({
      pickupTime: NINE_AM,
      shuttleRunId: run,
      isShuttle: true,
      ...FREMANTLE,
    });
    expect((await clashes(stop2)).json().clashes).not.toContainEqual(
      expect.objectContaining({ driverId }),
    );
    const response = await assign(stop2, { driverId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().clashWarning).toBeNull();
  });

  it('is for dispatch only, and answers 404 and 400 for a booking that is not there or an id that is not one', async () => {
    const id = await booking();
    const driverUser = await t.createUser({ role: 'driver' });
    expect((await clashes(id, driverUser.cookie)).statusCode).toBe(403);
    expect((await clashes(id, '')).statusCode).toBe(401);
    expect((await clashes('6b0c1c57-8d7e-4c59-9b0a-2f0f0f0f0f99')).statusCode).toBe(404);
    const notAnId = await clashes('not-an-id');
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.fields).toHaveProperty('id');
  });
});
