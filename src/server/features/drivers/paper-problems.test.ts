import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, dayInZone } from '../../../domain/bookings/wall-time';
import { bookings, complianceOverrides, drivers, fleetDocuments, vehicles } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// The lists a driver or a dispatcher picks from say who and what cannot be
// picked, and why; the server still refuses, naming the car when the car is
// at fault (the tester's '1SWN 006' and 'Sam Stone (away)').

let t: TestApp;
let dispatcher: TestUser;
let driverUser: TestUser;
const ids: Record<string, string> = {};

const DRIVER_TYPES = ['licence', 'ptd', 'police-certificate'];
const VEHICLE_TYPES = ['registration', 'ptv', 'insurance'];

function paper(type: string, owner: { driverId: string } | { vehicleId: string }) {
  return {
    ...owner,
    type,
    number: `N-${type}`,
    expiresOn: addCalendarDays(dayInZone(new Date(), 'Australia/Perth'), 365),
    fileKey: crypto.randomUUID(),
    fileName: `${type}.pdf`,
    contentType: 'application/pdf',
    size: 10,
    verifiedAt: new Date(),
  };
}

async function insertVehicle(registration: string, papers: string[]) {
  const [row] = await t.connection.db
    .insert(vehicles)
    .values({ type: 'Standard HUG', make: 'Toyota', model: 'Camry', registration, seats: 4 })
    .returning({ id: vehicles.id });
  const vehicleId = row!.id;
  if (papers.length > 0) {
    await t.connection.db
      .insert(fleetDocuments)
      .values(papers.map((type) => paper(type, { vehicleId })));
  }
  return vehicleId;
}

async function insertDriver(
  values: Partial<typeof drivers.$inferInsert> & { firstName: string; lastName: string },
  papers: string[],
) {
  const [row] = await t.connection.db.insert(drivers).values(values).returning({ id: drivers.id });
  const driverId = row!.id;
  if (papers.length > 0) {
    await t.connection.db
      .insert(fleetDocuments)
      .values(papers.map((type) => paper(type, { driverId })));
  }
  return driverId;
}

function send(method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { documentRules: 'enforced' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  ids.good = await insertVehicle('1GUD 001', VEHICLE_TYPES);
  ids.bare = await insertVehicle('1SWN 006', []);
  // Dee's own papers are in order; her usual car is the bare one.
  ids.dee = await insertDriver(
    {
      firstName: 'Dee',
      lastName: 'Driver',
      userId: driverUser.id,
      vehicleId: ids.bare,
      status: 'offline',
    },
    DRIVER_TYPES,
  );
  // Sam has no papers of his own; his car is in order.
  ids.sam = await insertDriver(
    { firstName: 'Sam', lastName: 'Stone', vehicleId: ids.good, status: 'offline' },
    [],
  );
  // Ann is on shift near the pickup, all in order.
  ids.ann = await insertDriver(
    {
      firstName: 'Ann',
      lastName: 'Lee',
      vehicleId: ids.good,
      status: 'active',
      latitude: -31.95,
      longitude: 115.86,
      locationUpdatedAt: new Date(),
    },
    DRIVER_TYPES,
  );
  // Pia is on shift near the pickup too, but her PTD awaits verification.
  ids.pia = await insertDriver(
    {
      firstName: 'Pia',
      lastName: 'Pending',
      status: 'active',
      latitude: -31.951,
      longitude: 115.861,
      locationUpdatedAt: new Date(),
    },
    ['licence', 'police-certificate'],
  );
  await t.connection.db
    .insert(fleetDocuments)
    .values({ ...paper('ptd', { driverId: ids.pia }), verifiedAt: null });
});
afterAll(() => t.close());

type Listed = { id: string; paperProblems: string[] };

describe('the drivers lists say what keeps each driver from work', () => {
  it('GET /api/drivers carries each driver’s problems and their car’s; empty when in order', async () => {
    const response = await send('GET', '/api/drivers', dispatcher);
    expect(response.statusCode, response.body).toBe(200);
    const byId = new Map(
      (response.json().drivers as Listed[]).map((driver) => [driver.id, driver.paperProblems]),
    );
    expect(byId.get(ids.ann!)).toEqual([]);
    expect(byId.get(ids.sam!)).toEqual([
      "Driver's licence is missing",
      'PTD authorization is missing',
      'National police clearance is missing',
    ]);
    expect(byId.get(ids.dee!)).toEqual([
      'Vehicle 1SWN 006: Registration is missing',
      'Vehicle 1SWN 006: PTV authorization is missing',
      'Vehicle 1SWN 006: Comprehensive insurance with rideshare coverage is missing',
    ]);
    expect(byId.get(ids.pia!)).toEqual(['PTD authorization is not verified']);
  });

  it('GET /api/drivers/nearest carries them too', async () => {
    const response = await send(
      'GET',
      '/api/drivers/nearest?lat=-31.95&lng=115.86&radiusKm=5',
      dispatcher,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(
      (response.json().drivers as (Listed & { firstName: string })[]).map((driver) => [
        driver.firstName,
        driver.paperProblems,
      ]),
    ).toEqual([
      ['Ann', []],
      ['Pia', ['PTD authorization is not verified']],
    ]);
  });

  it('the server still refuses the assignment, naming the driver for their own papers', async () => {
    const [job] = await t.connection.db
      .insert(bookings)
      .values({
        reference: 'PAPER1',
        pickupTime: new Date(Date.now() + 3 * 60 * 60_000),
        pickupLocation: 'Perth Airport',
        dropoffLocation: 'Cottesloe',
      })
      .returning({ id: bookings.id });
    const toSam = await send('POST', `/api/bookings/${job!.id}/assign`, dispatcher, {
      driverId: ids.sam,
    });
    expect(toSam.statusCode).toBe(409);
    expect(toSam.json().error.message).toBe(
      "Sam Stone cannot work until these documents are in order: Driver's licence is missing; PTD authorization is missing; National police clearance is missing.",
    );
    // Dee's own are in order: the car is at fault, and named.
    const toDee = await send('POST', `/api/bookings/${job!.id}/assign`, dispatcher, {
      driverId: ids.dee,
    });
    expect(toDee.statusCode).toBe(409);
    expect(toDee.json().error.message).toBe(
      '1SWN 006 cannot be driven until these documents are in order: Registration is missing; PTV authorization is missing; Comprehensive insurance with rideshare coverage is missing.',
    );
  });
});

describe('Start Shift offers the cars with what their papers lack', () => {
  it("the home's vehicles carry each car's problems, naming no plate", async () => {
    const response = await send('GET', '/api/drivers/me/home', driverUser);
    expect(response.statusCode, response.body).toBe(200);
    const offered = response.json().vehicles as { registration: string; paperProblems: string[] }[];
    expect(offered.find((vehicle) => vehicle.registration === '1GUD 001')?.paperProblems).toEqual(
      [],
    );
    expect(offered.find((vehicle) => vehicle.registration === '1SWN 006')?.paperProblems).toEqual([
      'Registration is missing',
      'PTV authorization is missing',
      'Comprehensive insurance with rideshare coverage is missing',
    ]);
  });

  it('refuses the car, naming the car and not the driver, whose own papers are in order', async () => {
    const response = await send('POST', '/api/drivers/me/shift', driverUser, {
      vehicleId: ids.bare,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      '1SWN 006 cannot be driven until these documents are in order: Registration is missing; PTV authorization is missing; Comprehensive insurance with rideshare coverage is missing.',
    );
  });

  it("offers a car whose expired paper the driver's override covers, as the shift start takes it", async () => {
    const covered = await insertVehicle('1OVR 001', ['ptv', 'insurance']);
    await t.connection.db.insert(fleetDocuments).values({
      ...paper('registration', { vehicleId: covered }),
      expiresOn: addCalendarDays(dayInZone(new Date(), 'Australia/Perth'), -2),
    });
    const registrationOf = async () =>
      (
        (await send('GET', '/api/drivers/me/home', driverUser)).json().vehicles as {
          registration: string;
          paperProblems: string[];
        }[]
      ).find((vehicle) => vehicle.registration === '1OVR 001')?.paperProblems;
    expect(await registrationOf()).toEqual([expect.stringMatching(/^Registration expired on /)]);
    await t.connection.db.insert(complianceOverrides).values({
      driverId: ids.dee!,
      reason: 'Renewal sighted at the office',
      endsAt: new Date(Date.now() + 24 * 60 * 60_000),
      covers: [`vehicle:${covered}:registration`],
    });
    expect(await registrationOf()).toEqual([]);
    const started = await send('POST', '/api/drivers/me/shift', driverUser, {
      vehicleId: covered,
    });
    expect(started.statusCode, started.body).toBe(200);
    await send('POST', '/api/drivers/me/shift/end', driverUser);
  });
});
