import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, drivers, vehicles } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import {
  createDemoSimulation,
  runSimulationLoop,
  stepTowards,
  type Transport,
} from './demo-simulation';
import { haversineMeters } from '../../../domain/maps';

let t: TestApp;
let driverId: string;
let bookingId: string;
const PASSWORD = 'demo-driver-password';
const EMAIL = 'sim-driver@demo.test';

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.createUser({ role: 'driver', email: EMAIL, password: PASSWORD });
  const [vehicle] = await t.connection.db
    .insert(vehicles)
    .values({
      type: 'Standard HUG',
      make: 'Toyota',
      model: 'Camry',
      registration: '1SIM001',
      seats: 4,
    })
    .returning();
  const [driver] = await t.connection.db
    .insert(drivers)
    .values({
      firstName: 'Sim',
      lastName: 'Ulated',
      userId: user.id,
      vehicleId: vehicle!.id,
      status: 'offline',
      latitude: -31.9523,
      longitude: 115.8613,
      locationUpdatedAt: new Date(Date.now() - 60 * 60_000),
    })
    .returning();
  driverId = driver!.id;
  const [booking] = await t.connection.db
    .insert(bookings)
    .values({
      reference: 'SIM001',
      driverId,
      vehicleId: vehicle!.id,
      status: 'assigned',
      pickupTime: new Date(Date.now() + 10 * 60_000),
      // Perth CBD to Kings Park, about 2 km.
      pickupLocation: 'Perth Train Station',
      pickupLat: -31.9513,
      pickupLng: 115.8602,
      dropoffLocation: 'Kings Park',
      dropoffLat: -31.9605,
      dropoffLng: 115.8326,
      passengerName: 'Val Visitor',
    })
    .returning();
  bookingId = booking!.id;
});
afterAll(() => t.close());

/** The simulation's HTTP through the test app, as a phone would send it. */
const transport: Transport = async ({ method, path, body, cookie }) => {
  const response = await t.app.inject({
    method,
    url: path,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    body: response.body ? JSON.parse(response.body) : null,
    setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
  };
};

const statusOf = async () =>
  (await t.connection.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;
let viewerCookie = '';
/** The driver as the API shows them (positions are written behind, so not the row). */
async function driverView(): Promise<{
  status: string;
  location: { lat: number; lng: number; updatedAt: string } | null;
}> {
  viewerCookie ||= await t.signIn(EMAIL, PASSWORD);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/drivers/me/home',
    headers: { cookie: viewerCookie },
  });
  return response.json().driver;
}

describe('the demo simulation', () => {
  it('moves a car one step along the street grid, never past its target', () => {
    const from = { lat: -31.95, lng: 115.86 };
    const to = { lat: -31.96, lng: 115.83 };
    const step = stepTowards(from, to, 500);
    expect(haversineMeters(from, step)).toBeCloseTo(500, -1);
    expect(step.lat).toBe(from.lat);
    expect(stepTowards(from, to, 100_000)).toEqual(to);
  });

  it('signs the driver in, starts a shift, sends positions and works the job to Completed through the driver API', async () => {
    const log: string[] = [];
    const simulation = createDemoSimulation({
      transport,
      accounts: [{ email: EMAIL, password: PASSWORD }],
      // Fast enough to cross the city in a few ticks.
      speedMetersPerSecond: 200,
      tickSeconds: 5,
      random: () => 0,
      log: (message) => log.push(message),
    });

    await simulation.tick();
    const onShift = await driverView();
    expect(onShift.status).toBe('active');
    expect(new Date(onShift.location!.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const accepted = await statusOf();
    expect(accepted.acknowledgedAt).not.toBeNull();
    expect(accepted.status).toBe('en-route');

    const seen = new Set<string>([accepted.status]);
    const positions = new Set<string>();
    for (let tick = 0; tick < 40 && seen.size < 4; tick += 1) {
      await simulation.tick();
      seen.add((await statusOf()).status);
      const { location } = await driverView();
      positions.add(`${location?.lat},${location?.lng}`);
    }
    expect([...seen]).toEqual(['en-route', 'arrived', 'on-board', 'completed']);
    expect(positions.size).toBeGreaterThan(2);
    const done = (await driverView()).location!;
    // Dropped off at Kings Park.
    expect(
      haversineMeters({ lat: done.lat, lng: done.lng }, { lat: -31.9605, lng: 115.8326 }),
    ).toBeLessThan(1500);
    expect(log).toEqual([]);
  });

  it('leaves out an account it cannot sign in to, saying so once, without retrying', async () => {
    const log: string[] = [];
    const simulation = createDemoSimulation({
      transport,
      accounts: [{ email: 'nobody@demo.test', password: 'wrong-password' }],
      log: (message) => log.push(message),
    });
    await simulation.tick();
    await simulation.tick();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/nobody@demo\.test is left out: sign-in answered 401/);
  });

  it('ends its drivers’ shifts when stopped, through End Shift', async () => {
    const loop = runSimulationLoop(
      createDemoSimulation({
        transport,
        accounts: [{ email: EMAIL, password: PASSWORD }],
        random: () => 0,
      }),
      10,
    );
    await vi.waitFor(async () => expect((await driverView()).status).toBe('active'));
    await loop.stop();
    expect((await driverView()).status).toBe('offline');
    const home = await t.app.inject({
      method: 'GET',
      url: '/api/drivers/me/home',
      headers: { cookie: viewerCookie },
    });
    expect(home.json().shift).toBeNull();
  });
});
