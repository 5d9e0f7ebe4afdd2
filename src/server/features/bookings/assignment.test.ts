import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, driverLeaves, drivers, vehicles } from '../../db/schema';
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
