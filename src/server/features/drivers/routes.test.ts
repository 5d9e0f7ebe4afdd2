import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_POSITION_MS, type Driver } from '../../../domain/drivers';
import { haversineMeters, PERTH_CENTRE } from '../../../domain/maps';
import { bookings, drivers, mailOutbox } from '../../db/schema';
import { positionWriterFor } from './position-writer';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { NO_DRIVER_PROFILE_MESSAGE } from '../../../domain/drivers/api';

let t: TestApp;
let dispatcher: TestUser;
let admin: TestUser;
let driverUser: TestUser;
let unlinkedDriverUser: TestUser;
const ids: Record<string, string> = {};

// Around the Perth GPO: 0.009° of latitude is about 1 km.
const north = (km: number) => ({ lat: PERTH_CENTRE.lat + km * 0.009, lng: PERTH_CENTRE.lng });

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  admin = await t.createUser({ role: 'admin' });
  driverUser = await t.createUser({ role: 'driver' });
  unlinkedDriverUser = await t.createUser({ role: 'driver' });
  const now = Date.now();
  const fresh = new Date(now - 10_000);
  const stale = new Date(now - STALE_POSITION_MS - 60_000);
  const rows = [
    { key: 'far', firstName: 'Far', status: 'active', at: north(4), when: fresh },
    { key: 'near', firstName: 'Near', status: 'active', at: north(1), when: fresh },
    { key: 'outside', firstName: 'Outside', status: 'active', at: north(7), when: fresh },
    { key: 'mid', firstName: 'Mid', status: 'active', at: north(2.5), when: stale },
    { key: 'offline', firstName: 'Offline', status: 'offline', at: north(0.5), when: fresh },
    { key: 'unplaced', firstName: 'Unplaced', status: 'active', at: null, when: null },
    { key: 'me', firstName: 'Me', status: 'offline', at: null, when: null },
  ];
  for (const [index, row] of rows.entries()) {
    const [inserted] = await t.connection.db
      .insert(drivers)
      .values({
        firstName: row.firstName,
        lastName: 'Driver',
        status: row.status,
        latitude: row.at?.lat ?? null,
        longitude: row.at?.lng ?? null,
        locationUpdatedAt: row.when,
        createdAt: new Date(now - (rows.length - index) * 60_000),
        userId: row.key === 'me' ? driverUser.id : null,
      })
      .returning();
    ids[row.key] = inserted!.id;
  }
  // 'far' is on a job: busy.
  await t.connection.db.insert(bookings).values({
    reference: 'BUSY01',
    driverId: ids.far,
    pickupTime: new Date(),
    pickupLocation: 'A',
    dropoffLocation: 'B',
    status: 'on-board',
  });
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

describe('GET /api/drivers', () => {
  it('lists drivers newest first with availability and stale positions marked', async () => {
    const response = await send('GET', '/api/drivers', dispatcher);
    expect(response.statusCode).toBe(200);
    const list = response.json().drivers as Driver[];
    expect(list.map((driver) => driver.firstName)).toEqual([
      'Me',
      'Unplaced',
      'Offline',
      'Mid',
      'Outside',
      'Near',
      'Far',
    ]);
    const byName = new Map(list.map((driver) => [driver.firstName, driver]));
    expect(byName.get('Far')!.availability).toBe('busy');
    expect(byName.get('Near')!.availability).toBe('free');
    expect(byName.get('Offline')!.availability).toBe('away');
    expect(byName.get('Near')!.location).toMatchObject({ isStale: false });
    expect(byName.get('Mid')!.location).toMatchObject({ isStale: true });
    expect(byName.get('Unplaced')!.location).toBeNull();
  });

  it('is for dispatch and admin, not drivers', async () => {
    expect((await send('GET', '/api/drivers', admin)).statusCode).toBe(200);
    expect((await send('GET', '/api/drivers', driverUser)).statusCode).toBe(403);
  });
});

describe('GET /api/drivers/nearest', () => {
  it('gives active drivers with a position within the radius, nearest first, with the distance', async () => {
    const response = await send(
      'GET',
      `/api/drivers/nearest?lat=${PERTH_CENTRE.lat}&lng=${PERTH_CENTRE.lng}&radiusKm=5`,
      dispatcher,
    );
    expect(response.statusCode).toBe(200);
    const list = response.json().drivers as (Driver & { distanceMeters: number })[];
    expect(list.map((driver) => driver.firstName)).toEqual(['Near', 'Mid', 'Far']);
    expect(list[0]!.distanceMeters).toBe(Math.round(haversineMeters(PERTH_CENTRE, north(1))));
  });

  it('defaults the radius to 5 km and refuses a bad latitude naming it', async () => {
    const defaulted = await send(
      'GET',
      `/api/drivers/nearest?lat=${PERTH_CENTRE.lat}&lng=${PERTH_CENTRE.lng}`,
      dispatcher,
    );
    expect(defaulted.json().drivers).toHaveLength(3);
    const bad = await send('GET', '/api/drivers/nearest?lat=100&lng=115', dispatcher);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('lat');
  });
});

describe('PATCH /api/drivers/:id', () => {
  it('sets the status, even to active without a known position', async () => {
    const response = await send('PATCH', `/api/drivers/${ids.unplaced}`, dispatcher, {
      status: 'offline',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().driver).toMatchObject({ status: 'offline', availability: 'away' });
    const back = await send('PATCH', `/api/drivers/${ids.unplaced}`, admin, { status: 'active' });
    expect(back.json().driver).toMatchObject({ status: 'active', location: null });
  });

  it('mails the admins when a driver is suspended', async () => {
    const response = await send('PATCH', `/api/drivers/${ids.unplaced}`, dispatcher, {
      status: 'suspended',
    });
    expect(response.statusCode).toBe(200);
    const mails = await t.connection.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, admin.email));
    expect(mails.map((mail) => mail.subject)).toContain('Driver suspended: Unplaced Driver');
    await send('PATCH', `/api/drivers/${ids.unplaced}`, admin, { status: 'active' });
  });

  it('refuses an unknown status naming the field, and an unknown driver with a 404', async () => {
    const bad = await send('PATCH', `/api/drivers/${ids.near}`, dispatcher, { status: 'napping' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('status');
    const unknown = await send(
      'PATCH',
      '/api/drivers/00000000-0000-4000-8000-000000000000',
      dispatcher,
      { status: 'active' },
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the signed-in driver', () => {
  it('reads their own profile', async () => {
    const response = await send('GET', '/api/drivers/me', driverUser);
    expect(response.statusCode).toBe(200);
    expect(response.json().driver).toMatchObject({ id: ids.me, userId: driverUser.id });
  });

  it('reports a position, which is stored without changing the status', async () => {
    const response = await send('POST', '/api/drivers/me/location', driverUser, {
      lat: -31.95,
      lng: 115.86,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().driver).toMatchObject({
      status: 'offline',
      location: { lat: -31.95, lng: 115.86, isStale: false },
    });
    // Stored write-behind: within a second, or at once when flushed.
    await positionWriterFor(t.app.db, t.app.log).flush();
    const [row] = await t.connection.db.select().from(drivers).where(eq(drivers.id, ids.me!));
    expect(row).toMatchObject({ latitude: -31.95, longitude: 115.86, status: 'offline' });
    expect(row!.locationUpdatedAt).toBeInstanceOf(Date);
  });

  it('is told when no driver profile is linked to the account', async () => {
    for (const response of [
      await send('GET', '/api/drivers/me', unlinkedDriverUser),
      await send('POST', '/api/drivers/me/location', unlinkedDriverUser, {
        lat: -31.9,
        lng: 115.8,
      }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(NO_DRIVER_PROFILE_MESSAGE);
    }
  });

  it('refuses a position off the globe naming the field', async () => {
    const response = await send('POST', '/api/drivers/me/location', driverUser, {
      lat: -31.9,
      lng: 200,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('lng');
  });

  it('is the only role that reports a position', async () => {
    const response = await send('POST', '/api/drivers/me/location', dispatcher, {
      lat: -31.9,
      lng: 115.8,
    });
    expect(response.statusCode).toBe(403);
  });
});
