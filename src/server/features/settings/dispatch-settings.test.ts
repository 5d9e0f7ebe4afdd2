import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCH } from '../../../domain/settings';
import { bookings, drivers } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let driverUser: TestUser;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  const [driver] = await t.connection.db
    .insert(drivers)
    .values({ firstName: 'Sam', lastName: 'Wait', userId: driverUser.id, status: 'active' })
    .returning();
  driverId = driver!.id;
});
afterAll(() => t.close());

const request = (method: 'GET' | 'PUT' | 'POST', url: string, user: TestUser, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });

const putDispatch = (payload: object, user = admin) =>
  request('PUT', '/api/settings/dispatch', user, payload);

describe('Settings → Dispatch', () => {
  it('starts at an acknowledgement timeout of 5 minutes and a no-show wait of 10', async () => {
    const response = await request('GET', '/api/settings', admin);
    expect(response.json().dispatch).toEqual({
      acknowledgementTimeoutMinutes: 5,
      noShowWaitMinutes: 10,
    });
    expect(DEFAULT_DISPATCH).toEqual(response.json().dispatch);
  });

  it.each([
    ['acknowledgementTimeoutMinutes', 2.5],
    ['acknowledgementTimeoutMinutes', 0],
    ['acknowledgementTimeoutMinutes', 121],
    ['noShowWaitMinutes', '10'],
    ['noShowWaitMinutes', -1],
    ['noShowWaitMinutes', 61],
  ])('refuses %s = %j with a 400 naming it, and keeps the old value', async (field, value) => {
    const response = await putDispatch({ ...DEFAULT_DISPATCH, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    expect((await request('GET', '/api/settings', admin)).json().dispatch).toEqual(
      DEFAULT_DISPATCH,
    );
  });

  it('is saved by an admin only', async () => {
    expect((await putDispatch(DEFAULT_DISPATCH, dispatcher)).statusCode).toBe(403);
  });

  it("gives the driver app the saved no-show wait, and the server holds a driver's no-show to it", async () => {
    const saved = await putDispatch({ acknowledgementTimeoutMinutes: 3, noShowWaitMinutes: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ acknowledgementTimeoutMinutes: 3, noShowWaitMinutes: 2 });

    const jobs = await request('GET', '/api/drivers/me/jobs', driverUser);
    expect(jobs.json().noShowWaitMinutes).toBe(2);

    const [booking] = await t.connection.db
      .insert(bookings)
      .values({
        reference: 'WAIT01',
        driverId,
        status: 'en-route',
        // Due before the driver arrived: the wait runs from the arrival (decision 103).
        pickupTime: new Date(Date.now() - 5 * 60_000),
        pickupLocation: 'Perth Airport T1',
        dropoffLocation: 'Kings Park',
      })
      .returning();
    const status = (body: object) =>
      request('POST', `/api/bookings/${booking!.id}/status`, driverUser, body);
    const arrived = await status({
      status: 'arrived',
      occurredAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    });
    expect(arrived.statusCode).toBe(200);
    // Three minutes at the pickup: past the saved 2, short of the default 10.
    expect((await status({ status: 'no-show' })).statusCode).toBe(200);
  });

  it('refuses a no-show inside the saved waiting time, naming it', async () => {
    await putDispatch({ acknowledgementTimeoutMinutes: 5, noShowWaitMinutes: 15 });
    const [booking] = await t.connection.db
      .insert(bookings)
      .values({
        reference: 'WAIT02',
        driverId,
        status: 'en-route',
        pickupTime: new Date(Date.now() - 15 * 60_000),
        pickupLocation: 'Perth Airport T1',
        dropoffLocation: 'Kings Park',
      })
      .returning();
    const status = (body: object) =>
      request('POST', `/api/bookings/${booking!.id}/status`, driverUser, body);
    await status({
      status: 'arrived',
      occurredAt: new Date(Date.now() - 11 * 60_000).toISOString(),
    });
    const refused = await status({ status: 'no-show' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^Wait 15 minutes at the pickup/);
  });
});
