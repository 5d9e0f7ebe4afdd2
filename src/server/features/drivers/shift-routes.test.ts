import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, driverShifts, driverVehicles, drivers, vehicles } from '../../db/schema';
import { positionWriterFor } from './position-writer';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let dispatcher: TestUser;
let driverUser: TestUser;
let pickyUser: TestUser;
let suspendedUser: TestUser;
const ids: Record<string, string> = {};

async function insertVehicle(registration: string, status = 'active') {
  const [row] = await t.connection.db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration,
      seats: 4,
      status,
    })
    .returning();
  return row!.id;
}

async function insertDriver(user: TestUser, values: Partial<typeof drivers.$inferInsert> = {}) {
  const [row] = await t.connection.db
    .insert(drivers)
    .values({ firstName: 'Dee', lastName: 'Driver', userId: user.id, ...values })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  pickyUser = await t.createUser({ role: 'driver' });
  suspendedUser = await t.createUser({ role: 'driver' });
  ids.camry = await insertVehicle('1SHIFT1');
  ids.van = await insertVehicle('1SHIFT2');
  ids.workshop = await insertVehicle('1SHIFT3', 'in-service');
  ids.me = await insertDriver(driverUser, { vehicleId: ids.van });
  ids.picky = await insertDriver(pickyUser, { drivesAnyVehicle: false });
  ids.suspended = await insertDriver(suspendedUser, { status: 'suspended' });
  await t.connection.db
    .insert(driverVehicles)
    .values({ driverId: ids.picky, vehicleId: ids.camry });
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
}

describe('the driver shift', () => {
  it('starts in the last vehicle used, with the odometer, and makes the driver free', async () => {
    const response = await send('POST', '/api/drivers/me/shift', driverUser, { odometer: 120345 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.shift).toMatchObject({
      vehicle: { id: ids.van, registration: '1SHIFT2' },
      odometer: 120345,
      endedAt: null,
    });
    expect(body.driver).toMatchObject({ status: 'active', availability: 'free' });
  });

  it('starting again while on shift answers the same open shift', async () => {
    const first = await send('GET', '/api/drivers/me/home', driverUser);
    const again = await send('POST', '/api/drivers/me/shift', driverUser, { vehicleId: ids.camry });
    expect(again.statusCode).toBe(200);
    expect(again.json().shift.id).toBe(first.json().shift.id);
    const open = await t.connection.db
      .select()
      .from(driverShifts)
      .where(and(eq(driverShifts.driverId, ids.me!), isNull(driverShifts.endedAt)));
    expect(open).toHaveLength(1);
  });

  it('ends the shift: offline and away, the shift closed', async () => {
    const response = await send('POST', '/api/drivers/me/shift/end', driverUser);
    expect(response.statusCode).toBe(200);
    expect(response.json().shift.endedAt).not.toBeNull();
    expect(response.json().driver).toMatchObject({ status: 'offline', availability: 'away' });
    const home = await send('GET', '/api/drivers/me/home', driverUser);
    expect(home.json().shift).toBeNull();
  });

  it('leaves a job coming up with the driver when the shift ends: assigned, still accepted', async () => {
    await send('POST', '/api/drivers/me/shift', driverUser, {});
    const acceptedAt = new Date();
    const [job] = await t.connection.db
      .insert(bookings)
      .values({
        reference: 'ENDS01',
        driverId: ids.me,
        pickupTime: new Date(Date.now() + 2 * 60 * 60_000),
        pickupLocation: 'Perth Airport',
        dropoffLocation: 'Cottesloe',
        status: 'assigned',
        acknowledgedAt: acceptedAt,
      })
      .returning({ id: bookings.id });
    const response = await send('POST', '/api/drivers/me/shift/end', driverUser);
    expect(response.statusCode).toBe(200);
    const [after] = await t.connection.db.select().from(bookings).where(eq(bookings.id, job!.id));
    // What the End Shift dialog tells the driver (jobsComingUp): nothing hands it back.
    expect(after).toMatchObject({
      status: 'assigned',
      driverId: ids.me,
      acknowledgedAt: acceptedAt,
    });
    await t.connection.db.delete(bookings).where(eq(bookings.id, job!.id));
  });

  it('refuses a suspended driver, saying why', async () => {
    const response = await send('POST', '/api/drivers/me/shift', suspendedUser, {
      vehicleId: ids.camry,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'You are suspended and cannot start a shift. Contact dispatch.',
    );
  });

  it('refuses a vehicle that is not active or not theirs, and no vehicle at all', async () => {
    const notTheirs = await send('POST', '/api/drivers/me/shift', pickyUser, {
      vehicleId: ids.van,
    });
    expect(notTheirs.statusCode).toBe(409);
    expect(notTheirs.json().error.message).toBe('You may not drive 1SHIFT2. Pick another vehicle.');
    const workshop = await send('POST', '/api/drivers/me/shift', driverUser, {
      vehicleId: ids.workshop,
    });
    expect(workshop.statusCode).toBe(409);
    expect(workshop.json().error.message).toBe(
      'Vehicle 1SHIFT3 is not active. Pick another vehicle.',
    );
    const noVehicle = await send('POST', '/api/drivers/me/shift', pickyUser, {});
    expect(noVehicle.json().error.message).toBe('Pick a vehicle to start your shift.');
  });

  it('refuses a vehicle another driver is on shift in, naming them, until that shift ends', async () => {
    const shared = await insertVehicle('1SHARE1');
    const firstUser = await t.createUser({ role: 'driver' });
    const secondUser = await t.createUser({ role: 'driver' });
    await insertDriver(firstUser, { firstName: 'Aiden', lastName: 'Clarke' });
    await insertDriver(secondUser, { firstName: 'Jack', lastName: 'Thompson' });
    const start = (user: TestUser) =>
      send('POST', '/api/drivers/me/shift', user, { vehicleId: shared });
    expect((await start(firstUser)).statusCode).toBe(200);
    // The second driver's Start Shift sheet says so before the pick.
    const home = (await send('GET', '/api/drivers/me/home', secondUser)).json();
    expect(home.vehicles.find((vehicle: { id: string }) => vehicle.id === shared)).toMatchObject({
      registration: '1SHARE1',
      inUseBy: 'Aiden Clarke',
    });
    const refused = await start(secondUser);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      '1SHARE1 is in use: Aiden Clarke is on shift in it. Pick another vehicle.',
    );
    expect((await send('POST', '/api/drivers/me/shift/end', firstUser)).statusCode).toBe(200);
    expect((await start(secondUser)).statusCode).toBe(200);
    await send('POST', '/api/drivers/me/shift/end', secondUser);
  });

  it('offers only the vehicles the driver may drive, defaulting to the last one used', async () => {
    const picky = await send('GET', '/api/drivers/me/home', pickyUser);
    expect(picky.json().vehicles.map((v: { id: string }) => v.id)).toEqual([ids.camry]);
    expect(picky.json().defaultVehicleId).toBe(ids.camry);
    const mine = await send('GET', '/api/drivers/me/home', driverUser);
    expect(mine.json().defaultVehicleId).toBe(ids.van);
    expect(mine.json().vehicles.map((v: { id: string }) => v.id)).not.toContain(ids.workshop);
  });

  it('dispatch taking the driver off shift ends the open shift', async () => {
    await send('POST', '/api/drivers/me/shift', pickyUser, { vehicleId: ids.camry });
    const off = await send('PATCH', `/api/drivers/${ids.picky}`, dispatcher, {
      status: 'offline',
    });
    expect(off.statusCode).toBe(200);
    const home = await send('GET', '/api/drivers/me/home', pickyUser);
    expect(home.json().shift).toBeNull();
  });

  it('refuses a bad odometer naming the field', async () => {
    const response = await send('POST', '/api/drivers/me/shift', driverUser, { odometer: -1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('odometer');
  });

  it('is for drivers only', async () => {
    const response = await send('POST', '/api/drivers/me/shift', dispatcher, {});
    expect(response.statusCode).toBe(403);
  });
});

describe('the vehicle a shift starts in, unnamed', () => {
  /** The admin's Current Vehicle, as the driver form saves it. */
  async function adminSets(driverId: string, vehicleId: string | null) {
    const admin = await t.createUser({ role: 'admin' });
    const saved = await send('PATCH', `/api/drivers/${driverId}/record`, admin, { vehicleId });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  async function shiftIn(user: TestUser, vehicleId?: string) {
    const started = await send(
      'POST',
      '/api/drivers/me/shift',
      user,
      vehicleId ? { vehicleId } : {},
    );
    expect(started.statusCode, started.body).toBe(200);
    expect((await send('POST', '/api/drivers/me/shift/end', user)).statusCode).toBe(200);
    return started.json().shift.vehicle?.id;
  }

  const defaultOf = async (user: TestUser) =>
    (await send('GET', '/api/drivers/me/home', user)).json().defaultVehicleId;

  it("is the admin's Current Vehicle when set after the last shift", async () => {
    const user = await t.createUser({ role: 'driver' });
    const id = await insertDriver(user, { firstName: 'Ada', lastName: 'Reassigned' });
    const [first, second] = [await insertVehicle('1ADM 001'), await insertVehicle('1ADM 002')];
    await shiftIn(user, first);
    await adminSets(id, second);
    expect(await defaultOf(user)).toBe(second);
    expect(await shiftIn(user)).toBe(second);
  });

  it("is the last shift's vehicle when the admin's choice is older than that shift", async () => {
    const user = await t.createUser({ role: 'driver' });
    const id = await insertDriver(user, { firstName: 'Bea', lastName: 'Ownpick' });
    const [chosen, driven] = [await insertVehicle('1ADM 003'), await insertVehicle('1ADM 004')];
    await adminSets(id, chosen);
    await shiftIn(user, driven);
    expect(await defaultOf(user)).toBe(driven);
    expect(await shiftIn(user)).toBe(driven);
  });

  it('is none when the admin cleared it after the last shift: the driver picks', async () => {
    const user = await t.createUser({ role: 'driver' });
    const id = await insertDriver(user, { firstName: 'Cy', lastName: 'Cleared' });
    await shiftIn(user, await insertVehicle('1ADM 005'));
    await adminSets(id, null);
    const refused = await send('POST', '/api/drivers/me/shift', user, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Pick a vehicle to start your shift.');
  });
});

describe('the driver home', () => {
  it("sums today's completed fares and trips and shows the next assigned job", async () => {
    const soon = new Date(Date.now() + 60 * 60_000);
    const now = new Date();
    await t.connection.db.insert(bookings).values([
      {
        reference: 'HOME01',
        driverId: ids.me,
        pickupTime: now,
        pickupLocation: 'A',
        dropoffLocation: 'B',
        status: 'completed',
        fareAmount: '55.50',
      },
      {
        reference: 'HOME02',
        driverId: ids.me,
        pickupTime: now,
        pickupLocation: 'A',
        dropoffLocation: 'B',
        status: 'completed',
        fareAmount: '20.00',
      },
      {
        reference: 'HOME03',
        driverId: ids.me,
        pickupTime: now,
        pickupLocation: 'A',
        dropoffLocation: 'B',
        status: 'no-show',
        fareAmount: '99.00',
      },
      {
        reference: 'HOME04',
        driverId: ids.me,
        pickupTime: soon,
        pickupLocation: 'Perth Airport',
        dropoffLocation: 'Cottesloe',
        status: 'assigned',
        fareAmount: '80.00',
      },
      {
        reference: 'HOME05',
        driverId: ids.picky,
        pickupTime: now,
        pickupLocation: 'A',
        dropoffLocation: 'B',
        status: 'completed',
        fareAmount: '10.00',
      },
    ]);
    const response = await send('GET', '/api/drivers/me/home', driverUser);
    expect(response.statusCode).toBe(200);
    expect(response.json().today).toEqual({ earnings: 75.5, trips: 2 });
    expect(response.json().nextBooking).toMatchObject({
      reference: 'HOME04',
      pickupLocation: 'Perth Airport',
    });
  });
});

describe('the position report', () => {
  it('stores accuracy and heading when sent', async () => {
    const response = await send('POST', '/api/drivers/me/location', driverUser, {
      lat: -31.95,
      lng: 115.86,
      accuracy: 12.5,
      heading: 270,
    });
    expect(response.statusCode).toBe(200);
    // Stored write-behind: within a second, or at once when flushed.
    await positionWriterFor(t.app.db, t.app.log).flush();
    const [row] = await t.connection.db.select().from(drivers).where(eq(drivers.id, ids.me!));
    expect(row).toMatchObject({ locationAccuracy: 12.5, locationHeading: 270 });
  });

  it('refuses a heading off the compass naming the field', async () => {
    const response = await send('POST', '/api/drivers/me/location', driverUser, {
      lat: -31.95,
      lng: 115.86,
      heading: 400,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('heading');
  });
});

describe('the driver history', () => {
  it("lists today's finished jobs newest first with trips, earnings and no-shows", async () => {
    const response = await send('GET', '/api/drivers/me/history?period=today', driverUser);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.jobs.map((job: { reference: string }) => job.reference).sort()).toEqual([
      'HOME01',
      'HOME02',
      'HOME03',
    ]);
    expect(body.totals).toEqual({ trips: 2, earnings: 75.5, noShows: 1 });
  });

  it('refuses an unknown period naming the field', async () => {
    const response = await send('GET', '/api/drivers/me/history?period=decade', driverUser);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('period');
  });
  it('lists a date range, both days included, in the business zone', async () => {
    // 40 days ago at noon Perth time, and a day outside the range.
    const perthDate = (daysAgo: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(
        new Date(Date.now() - daysAgo * 24 * 3_600_000),
      );
    const noonPerth = (date: string) => new Date(`${date}T12:00:00+08:00`);
    await t.connection.db.insert(bookings).values([
      {
        reference: 'PAST40',
        driverId: ids.me,
        pickupTime: noonPerth(perthDate(40)),
        pickupLocation: 'Perth Airport T1',
        dropoffLocation: 'Scarborough Beach',
        status: 'completed',
        fareAmount: '80.00',
      },
      {
        reference: 'PAST50',
        driverId: ids.me,
        pickupTime: noonPerth(perthDate(50)),
        pickupLocation: 'Perth Airport T1',
        dropoffLocation: 'Scarborough Beach',
        status: 'completed',
        fareAmount: '90.00',
      },
    ]);
    const url = `/api/drivers/me/history?period=range&from=${perthDate(45)}&to=${perthDate(40)}`;
    const response = await send('GET', url, driverUser);
    expect(response.statusCode).toBe(200);
    expect(response.json().jobs.map((job: { reference: string }) => job.reference)).toEqual([
      'PAST40',
    ]);
    expect(response.json().totals).toEqual({ trips: 1, earnings: 80, noShows: 0 });
  });

  it.each([
    ['period=range&to=2030-01-31', 'from'],
    ['period=range&from=2030-01-01', 'to'],
    ['period=range&from=2030-02-01&to=2030-01-31', 'to'],
    ['period=range&from=2030-01-01&to=2031-01-02', 'to'],
    ['period=range&from=2030-13-01&to=2030-12-31', 'from'],
  ])('refuses the range %s naming %s', async (query, field) => {
    const response = await send('GET', `/api/drivers/me/history?${query}`, driverUser);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
  });

  it('takes 366 days, a leap year, as the longest range', async () => {
    const response = await send(
      'GET',
      '/api/drivers/me/history?period=range&from=2028-01-01&to=2028-12-31',
      driverUser,
    );
    expect(response.statusCode).toBe(200);
  });
});
