import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../../domain/bookings';
import { drivers } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// What a driver reads of their own jobs (decision 206): the passenger's
// phone while the job is to do, never the customer record's email or phone.

let t: TestApp;
let dispatcher: TestUser;
let driverUser: TestUser;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  const [row] = await t.connection.db
    .insert(drivers)
    .values({ firstName: 'Ava', lastName: 'Private', userId: driverUser.id, status: 'active' })
    .returning();
  driverId = row!.id;
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

const SOON = new Date(Date.now() - 10 * 60_000).toISOString();
const DAY = `from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`;

describe("a driver's view of their jobs", () => {
  it('carries the passenger phone while the job is to do, never the customer email, and no phone once done', async () => {
    const created = await send('POST', '/api/bookings', dispatcher, {
      pickupLocation: 'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
      dropoffLocation: 'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100',
      pickupTime: SOON,
      pickupTimeConfirmed: true,
      numPassengers: 1,
      numSuitcases: 0,
      notes: '',
      passengerName: 'Zoe Private',
      phone: '0436 919 060',
      email: 'zoe.private@example.test',
      vehicleType: 'Standard HUG',
    });
    expect(created.statusCode).toBe(201);
    const booking: Booking = created.json().bookings[0];
    expect(booking.customer?.email).toBe('zoe.private@example.test');
    const assigned = await send('POST', `/api/bookings/${booking.id}/assign`, dispatcher, {
      driverId,
    });
    expect(assigned.statusCode).toBe(200);

    const listed = (await send('GET', `/api/bookings?${DAY}`, driverUser)).json().bookings;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ phone: '+61436919060' });
    expect(listed[0].customer).toMatchObject({ email: null, phone: null });
    const jobs = (await send('GET', '/api/drivers/me/jobs', driverUser)).json();
    expect(jobs.upcoming[0]).toMatchObject({ phone: '+61436919060' });
    expect(jobs.upcoming[0].customer).toMatchObject({ email: null, phone: null });

    for (const status of ['en-route', 'arrived', 'on-board', 'completed']) {
      const stepped = await send('POST', `/api/bookings/${booking.id}/status`, dispatcher, {
        status,
      });
      expect(stepped.statusCode, status).toBe(200);
    }
    const done = (await send('GET', `/api/bookings/${booking.id}`, driverUser)).json();
    expect(done.booking).toMatchObject({ status: 'completed', phone: '' });
    expect(done.booking.customer).toMatchObject({ email: null, phone: null });
    // The office still reads all of it.
    const office = (await send('GET', `/api/bookings/${booking.id}`, dispatcher)).json();
    expect(office.booking).toMatchObject({ phone: '+61436919060' });
    expect(office.booking.customer).toMatchObject({ email: 'zoe.private@example.test' });
  });
});
