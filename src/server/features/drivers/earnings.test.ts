import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, drivers } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { MAX_HISTORY_JOBS } from './shift-repository';

// 10:30 on Wednesday 11 March 2026 in Perth: today began at 16:00 UTC on the
// 10th, the week on Monday the 9th, the month on the 1st.
const NOW = new Date('2026-03-11T02:30:00.000Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);
/** More finished jobs this month than a history answer lists. */
const EARLIER_THIS_MONTH = MAX_HISTORY_JOBS + 5;

let t: TestApp;
let admin: TestUser;
let driverUser: TestUser;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  driverUser = await t.createUser({ role: 'driver' });
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  const [me, other] = await t.connection.db
    .insert(drivers)
    .values([
      { firstName: 'Erin', lastName: 'Earner', userId: driverUser.id },
      { firstName: 'Otto', lastName: 'Other' },
    ])
    .returning({ id: drivers.id });
  driverId = me!.id;
  const job = (
    reference: string,
    pickupTime: Date,
    status: string,
    fareAmount: string,
    driver = driverId,
  ) => ({
    reference,
    driverId: driver,
    pickupTime,
    pickupLocation: 'A',
    dropoffLocation: 'B',
    status,
    fareAmount,
  });
  await t.connection.db.insert(bookings).values([
    job('EARN01', at(-60), 'completed', '30.00'),
    // Done ahead of its pickup later today: today's, on every screen.
    job('EARN02', at(120), 'completed', '25.25'),
    job('EARN03', at(-30), 'no-show', '99.00'),
    job('EARN04', at(-10), 'cancelled', '50.00'),
    job('EARN05', at(240), 'assigned', '80.00'),
    // Yesterday (Tuesday): this week and this month.
    job('EARN06', new Date('2026-03-10T03:00:00.000Z'), 'completed', '40.00'),
    // Last month, and another driver's job today: never counted here.
    job('EARN07', new Date('2026-02-20T03:00:00.000Z'), 'completed', '500.00'),
    job('EARN08', at(-45), 'completed', '10.00', other!.id),
    // Earlier this month, before this week.
    ...Array.from({ length: EARLIER_THIS_MONTH }, (_, index) =>
      job(
        `EARLY${index}`,
        new Date(Date.parse('2026-03-02T01:00:00.000Z') + index * MINUTE),
        'completed',
        '1.00',
      ),
    ),
  ]);
});

afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const get = async (url: string, user: TestUser) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};

describe("a driver's earnings", () => {
  it('are the same on the driver home, the driver history and the admin profile', async () => {
    const home = await get('/api/drivers/me/home', driverUser);
    const today = await get('/api/drivers/me/history?period=today', driverUser);
    const week = await get('/api/drivers/me/history?period=week', driverUser);
    const month = await get('/api/drivers/me/history?period=month', driverUser);
    const { driver: profile } = await get(`/api/admin/drivers/${driverId}/profile`, admin);

    expect(home.today).toEqual({ earnings: 55.25, trips: 2 });
    expect(today.totals).toEqual({ trips: 2, earnings: 55.25, noShows: 1 });
    expect(week.totals).toEqual({ trips: 3, earnings: 95.25, noShows: 1 });
    expect(profile.earningsCents).toEqual({
      today: Math.round(today.totals.earnings * 100),
      week: Math.round(week.totals.earnings * 100),
      month: Math.round(month.totals.earnings * 100),
    });
  });

  it('total every job in the period in SQL, not only the jobs a history answer lists', async () => {
    const month = await get('/api/drivers/me/history?period=month', driverUser);
    expect(month.jobs).toHaveLength(MAX_HISTORY_JOBS);
    expect(month.totals).toEqual({
      trips: 3 + EARLIER_THIS_MONTH,
      earnings: 95.25 + EARLIER_THIS_MONTH,
      noShows: 1,
    });
  });
});
