import { eq } from 'drizzle-orm';
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
  it('starts at an acknowledgement timeout of 5 minutes, a no-show wait of 10 and a set-off window of 120', async () => {
    const response = await request('GET', '/api/settings', admin);
    expect(response.json().dispatch).toEqual({
      acknowledgementTimeoutMinutes: 5,
      noShowWaitMinutes: 10,
      setOffWindowMinutes: 120,
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
    ['setOffWindowMinutes', 29],
    ['setOffWindowMinutes', 1441],
    ['setOffWindowMinutes', 90.5],
    ['setOffWindowMinutes', null],
  ])('refuses %s = %j with a 400 naming it, and keeps the old value', async (field, value) => {
    const response = await putDispatch({ ...DEFAULT_DISPATCH, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    expect((await request('GET', '/api/settings', admin)).json().dispatch).toEqual(
      DEFAULT_DISPATCH,
    );
  });

  it('keeps the saved set-off window when a save leaves it out (a tab or script from before it)', async () => {
    await putDispatch({ ...DEFAULT_DISPATCH, setOffWindowMinutes: 240 });
    const older = await putDispatch({ acknowledgementTimeoutMinutes: 7, noShowWaitMinutes: 12 });
    expect(older.statusCode).toBe(200);
    expect(older.json()).toEqual({
      acknowledgementTimeoutMinutes: 7,
      noShowWaitMinutes: 12,
      setOffWindowMinutes: 240,
    });
    await putDispatch(DEFAULT_DISPATCH);
  });

  it('is saved by an admin only', async () => {
    expect((await putDispatch(DEFAULT_DISPATCH, dispatcher)).statusCode).toBe(403);
  });

  it("gives the driver app the saved no-show wait, and the server holds a driver's no-show to it", async () => {
    const saved = await putDispatch({
      ...DEFAULT_DISPATCH,
      acknowledgementTimeoutMinutes: 3,
      noShowWaitMinutes: 2,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      acknowledgementTimeoutMinutes: 3,
      noShowWaitMinutes: 2,
      setOffWindowMinutes: 120,
    });

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
    await putDispatch({ ...DEFAULT_DISPATCH, noShowWaitMinutes: 15 });
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

  it('keeps the timings saved before the set-off window existed, with the window at its default', async () => {
    await t.app.settings.write(
      'dispatch',
      { acknowledgementTimeoutMinutes: 7, noShowWaitMinutes: 12 },
      null,
    );
    expect((await request('GET', '/api/settings', admin)).json().dispatch).toEqual({
      acknowledgementTimeoutMinutes: 7,
      noShowWaitMinutes: 12,
      setOffWindowMinutes: 120,
    });
  });

  describe('the set-off window', () => {
    const assignedJob = async (reference: string, hoursAhead: number) => {
      const [booking] = await t.connection.db
        .insert(bookings)
        .values({
          reference,
          driverId,
          status: 'assigned',
          pickupTime: new Date(Date.now() + hoursAhead * 3_600_000),
          pickupLocation: 'Perth Airport T1',
          dropoffLocation: 'Kalgoorlie',
        })
        .returning();
      return (body: object) =>
        request('POST', `/api/bookings/${booking!.id}/status`, driverUser, body);
    };

    it('round-trips a saved window, gives it to the driver app, and lets a driver set off that early', async () => {
      const saved = await putDispatch({ ...DEFAULT_DISPATCH, setOffWindowMinutes: 360 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ ...DEFAULT_DISPATCH, setOffWindowMinutes: 360 });
      expect((await request('GET', '/api/settings', admin)).json().dispatch).toEqual(saved.json());
      expect((await request('GET', '/api/drivers/me/jobs', driverUser)).json()).toMatchObject({
        setOffWindowMinutes: 360,
      });

      // Five hours ahead: past the default 2 hours, inside the saved 6.
      const status = await assignedJob('WIN01', 5);
      expect((await status({ status: 'en-route' })).statusCode).toBe(200);
    });

    it('refuses En route before a shorter saved window, naming it, and changes nothing', async () => {
      await putDispatch({ ...DEFAULT_DISPATCH, setOffWindowMinutes: 45 });
      const status = await assignedJob('WIN02', 1.5);
      const refused = await status({ status: 'en-route' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(
        /^Too early to set off: En route opens at .+, 45 minutes before the pickup\. To leave now, call dispatch: they can mark the job en route\.$/,
      );
      const [booking] = await t.connection.db
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.reference, 'WIN02'));
      expect(booking!.status).toBe('assigned');
      await putDispatch(DEFAULT_DISPATCH);
    });
  });
});
