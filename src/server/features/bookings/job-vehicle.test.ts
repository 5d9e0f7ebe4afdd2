import { asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayInZone } from '../../../domain/bookings/wall-time';
import { WA_RECORD_COLUMNS } from '../../../domain/records';
import { bookingEvents, bookings, drivers, vehicles } from '../../db/schema';
import type { Delivery } from '../../lib/live-events';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// The car a job was driven in is on its record (jobVehicleId): the car of the
// driver's shift as the job goes, not the one planned at assignment.

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let driverUser: TestUser;
let driverId: string;
let counter = 0;

async function insertVehicle(registration: string, isElectric = false) {
  const [row] = await t.connection.db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration,
      seats: 4,
      isElectric,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  // A new driver: no car on their record yet, off shift.
  const [driver] = await t.connection.db
    .insert(drivers)
    .values({ firstName: 'Cara', lastName: 'Wheeler', userId: driverUser.id, status: 'offline' })
    .returning();
  driverId = driver!.id;
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
}

/** A booking picked up in half an hour (within the set-off window), assigned to the driver. */
async function assignedJob(): Promise<{ id: string; reference: string; pickupTime: Date }> {
  counter += 1;
  const pickupTime = new Date(Date.now() + 30 * 60_000);
  const [row] = await t.connection.db
    .insert(bookings)
    .values({
      reference: `CAR${String(counter).padStart(3, '0')}`,
      status: 'pending',
      pickupTime,
      pickupLocation: 'Perth Airport T1',
      dropoffLocation: 'Fremantle',
      passengerName: 'Pat Passenger',
      fareAmount: '60.00',
    })
    .returning();
  const assigned = await send('POST', `/api/bookings/${row!.id}/assign`, dispatcher, { driverId });
  expect(assigned.statusCode).toBe(200);
  return { id: row!.id, reference: row!.reference, pickupTime };
}

async function startShift(vehicleId: string) {
  const response = await send('POST', '/api/drivers/me/shift', driverUser, { vehicleId });
  expect(response.statusCode).toBe(200);
}

async function endShift() {
  expect((await send('POST', '/api/drivers/me/shift/end', driverUser)).statusCode).toBe(200);
}

async function driverSteps(id: string, steps: string[]) {
  for (const status of steps) {
    const response = await send('POST', `/api/bookings/${id}/status`, driverUser, { status });
    expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
  }
}

async function storedVehicleId(id: string) {
  const [row] = await t.connection.db
    .select({ vehicleId: bookings.vehicleId })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row!.vehicleId;
}

async function shownVehicle(id: string) {
  const response = await send('GET', `/api/bookings/${id}`, dispatcher);
  expect(response.statusCode).toBe(200);
  return response.json().booking.vehicle as { id: string; registration: string } | null;
}

async function waRecord(job: { reference: string; pickupTime: Date }) {
  const day = dayInZone(job.pickupTime, 'Australia/Perth');
  const response = await send('GET', `/api/records/wa-bookings.csv?from=${day}&to=${day}`, admin);
  expect(response.statusCode).toBe(200);
  const [, ...rows] = Papa.parse<string[]>(response.body.trim()).data;
  const row = rows.find((cells) => cells[0] === job.reference);
  expect(row).toBeDefined();
  return Object.fromEntries(WA_RECORD_COLUMNS.map((column, i) => [column, row![i]]));
}

const TRIP = ['en-route', 'arrived', 'on-board', 'completed'];

describe('the car a job is driven in', () => {
  it('assigned off shift, worked in the car the shift started in: the record names that car', async () => {
    const electric = await insertVehicle('1CAR 001', true);
    const job = await assignedJob();
    // Nothing to copy at assignment: no shift, no car on the record.
    expect(await storedVehicleId(job.id)).toBeNull();
    expect(await shownVehicle(job.id)).toBeNull();

    const deliveries: Delivery[] = [];
    const unsubscribe = await t.app.liveEvents.subscribe((delivery) => deliveries.push(delivery));
    try {
      await startShift(electric);
      // Dispatch sees the car the driver is in before they set off, live too.
      expect(await shownVehicle(job.id)).toMatchObject({ id: electric, registration: '1CAR 001' });
      await vi.waitFor(() => {
        const delivery = deliveries.find(
          (item) => item.event.type === 'booking.updated' && item.event.booking.id === job.id,
        );
        expect(delivery?.event).toMatchObject({ booking: { vehicle: { id: electric } } });
      });
    } finally {
      unsubscribe();
    }

    await driverSteps(job.id, TRIP);
    expect(await storedVehicleId(job.id)).toBe(electric);
    const record = await waRecord(job);
    expect(record).toMatchObject({
      Status: 'completed',
      'Vehicle registration': '1CAR 001',
      'Electric vehicle': 'Yes',
    });
    // The set-off's event says which car the job took.
    const events = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, job.id))
      .orderBy(asc(bookingEvents.id));
    const setOff = events.find((event) => event.toStatus === 'en-route');
    expect(setOff?.changes).toMatchObject({ vehicleId: { from: null, to: electric } });

    // The next shift, in another car, does not rewrite the finished trip.
    await endShift();
    const other = await insertVehicle('1CAR 002');
    await startShift(other);
    expect(await storedVehicleId(job.id)).toBe(electric);
    expect(await shownVehicle(job.id)).toMatchObject({ id: electric });
    expect((await waRecord(job))['Vehicle registration']).toBe('1CAR 001');
    await endShift();
  });

  it('assigned on shift in one car, the driver changes car before setting off: the car at set-off', async () => {
    const first = await insertVehicle('1CAR 003');
    const second = await insertVehicle('1CAR 004');
    await startShift(first);
    const job = await assignedJob();
    expect(await storedVehicleId(job.id)).toBe(first);

    // A car changes with a new shift: end this one, start in the other.
    await endShift();
    await startShift(second);
    expect(await shownVehicle(job.id)).toMatchObject({ id: second });
    await driverSteps(job.id, ['en-route', 'arrived', 'on-board']);
    expect(await storedVehicleId(job.id)).toBe(second);
    // Aboard, the trip is in that car: ending the shift mid-ride changes nothing.
    await endShift();
    await driverSteps(job.id, ['completed']);
    expect(await storedVehicleId(job.id)).toBe(second);
    expect((await waRecord(job))['Vehicle registration']).toBe('1CAR 004');
  });

  it('a step recorded for a driver off shift keeps the car the job was given', async () => {
    const usual = await insertVehicle('1CAR 005');
    await t.connection.db.update(drivers).set({ vehicleId: usual }).where(eq(drivers.id, driverId));
    const job = await assignedJob();
    expect(await storedVehicleId(job.id)).toBe(usual);
    for (const status of TRIP) {
      const response = await send('POST', `/api/bookings/${job.id}/status`, dispatcher, { status });
      expect(response.statusCode).toBe(200);
    }
    expect(await storedVehicleId(job.id)).toBe(usual);
  });
});
