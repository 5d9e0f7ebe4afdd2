import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, drivers } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// A status change made on what the dispatcher saw (expectedStatus, expectedDriverId).

let t: TestApp;
let dispatcher: TestUser;
let driverUser: TestUser;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
});
afterAll(() => t.close());

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
      reference: `SEE${String(counter).padStart(3, '0')}`,
      // Due within the hour: a driver may set off for it (decision 103).
      pickupTime: new Date(Date.now() + 30 * 60_000),
      pickupLocation: 'Perth Airport T1',
      dropoffLocation: 'Crown Towers Perth',
      ...values,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

function setStatus(bookingId: string, body: object, user: TestUser = dispatcher) {
  return t.app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/status`,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    payload: body,
  });
}

async function stateOf(bookingId: string) {
  const [row] = await t.connection.db
    .select({ driverId: bookings.driverId, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row!;
}

async function statusEvents(bookingId: string) {
  const rows = await t.connection.db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.type, 'status')));
  return rows.length;
}

describe('a status change made on what the dispatcher saw', () => {
  it('refuses Unassign with 409 naming who has the job when another dispatcher reassigned it, and changes nothing', async () => {
    const seen = await driver({ firstName: 'Dan', lastName: 'Driver' });
    const now = await driver({ firstName: 'Mia', lastName: 'Tran' });
    const id = await booking({ status: 'assigned', driverId: now });
    const response = await setStatus(id, {
      status: 'pending',
      expectedStatus: 'assigned',
      expectedDriverId: seen,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'This booking changed after you looked at it: Mia Tran has it now. Look at it again before unassigning it.',
    );
    expect(await stateOf(id)).toEqual({ driverId: now, status: 'assigned' });
    expect(await statusEvents(id)).toBe(0);
  });

  it('refuses Cancel opened on a pending booking that a driver has reached meanwhile, naming them and the status', async () => {
    const mia = await driver({ firstName: 'Mia', lastName: 'Tran' });
    const id = await booking({ status: 'arrived', driverId: mia });
    const response = await setStatus(id, {
      status: 'cancelled',
      expectedStatus: 'pending',
      expectedDriverId: null,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'This booking changed after you looked at it: Mia Tran has it and it is arrived now. Look at it again before cancelling it.',
    );
    expect(await stateOf(id)).toEqual({ driverId: mia, status: 'arrived' });
    expect(await statusEvents(id)).toBe(0);
  });

  it('refuses a lifecycle step when only the status moved on', async () => {
    const dan = await driver();
    const id = await booking({ status: 'en-route', driverId: dan });
    const response = await setStatus(id, {
      status: 'en-route',
      expectedStatus: 'assigned',
      expectedDriverId: dan,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'This booking changed after you looked at it: it is en-route now. Look at it again before marking it en-route.',
    );
  });

  it('makes the change when the booking is as the dispatcher saw it', async () => {
    const dan = await driver();
    const unassigned = await booking({ status: 'assigned', driverId: dan });
    const back = await setStatus(unassigned, {
      status: 'pending',
      expectedStatus: 'assigned',
      expectedDriverId: dan,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await stateOf(unassigned)).toEqual({ driverId: null, status: 'pending' });

    const cancelled = await booking();
    const cancel = await setStatus(cancelled, {
      status: 'cancelled',
      expectedStatus: 'pending',
      expectedDriverId: null,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stateOf(cancelled)).toEqual({ driverId: null, status: 'cancelled' });
  });

  it('checks only what is sent, and nothing when both are left out (API clients, the driver app)', async () => {
    const seen = await driver();
    const now = await driver();
    const id = await booking({ status: 'assigned', driverId: now });
    // The status is as seen; the driver is not compared.
    expect(
      (await setStatus(id, { status: 'pending', expectedStatus: 'assigned' })).statusCode,
    ).toBe(200);
    const other = await booking({ status: 'assigned', driverId: now });
    expect((await setStatus(other, { status: 'pending' })).statusCode).toBe(200);
    expect(await stateOf(other)).toEqual({ driverId: null, status: 'pending' });
    const refused = await booking({ status: 'assigned', driverId: now });
    expect(
      (await setStatus(refused, { status: 'pending', expectedDriverId: seen })).statusCode,
    ).toBe(409);
  });

  it("keeps the driver's own taps as they were", async () => {
    const [row] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Ava', lastName: 'Driver', status: 'active', userId: driverUser.id })
      .returning({ id: drivers.id });
    const id = await booking({ status: 'assigned', driverId: row!.id });
    expect((await setStatus(id, { status: 'en-route' }, driverUser)).statusCode).toBe(200);
    // A tap repeated (queued offline) is answered as done, whatever it says it saw.
    const again = await setStatus(
      id,
      { status: 'en-route', expectedStatus: 'assigned', expectedDriverId: row!.id },
      driverUser,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await statusEvents(id)).toBe(1);
  });

  it('of Unassign and Cancel sent at the same moment on the same view, one is made and the other gets 409', async () => {
    const dan = await driver({ firstName: 'Dan', lastName: 'Driver' });
    const id = await booking({ status: 'assigned', driverId: dan });
    const seen = { expectedStatus: 'assigned', expectedDriverId: dan };
    const answers = await Promise.all([
      setStatus(id, { status: 'pending', ...seen }),
      setStatus(id, { status: 'cancelled', ...seen }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refusal = answers.find((answer) => answer.statusCode === 409)!.json().error.message;
    expect(refusal).toMatch(
      /^This booking changed after you looked at it: it (has no driver and )?is (pending|cancelled) now\./,
    );
    expect(await statusEvents(id)).toBe(1);
  });

  it('answers 400 naming expectedStatus or expectedDriverId when it is not one, and changes nothing', async () => {
    const id = await booking();
    const status = await setStatus(id, { status: 'cancelled', expectedStatus: 'waiting' });
    expect(status.statusCode).toBe(400);
    expect(status.json().error.fields).toHaveProperty('expectedStatus');
    expect(status.json().error.message).toContain('expectedStatus');
    const driverId = await setStatus(id, { status: 'cancelled', expectedDriverId: 'Mia' });
    expect(driverId.statusCode).toBe(400);
    expect(driverId.json().error.fields).toHaveProperty('expectedDriverId');
    expect(await stateOf(id)).toEqual({ driverId: null, status: 'pending' });
  });
});
