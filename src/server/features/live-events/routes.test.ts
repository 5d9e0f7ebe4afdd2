import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../db/schema';
import {
  connectSameDatabase,
  createTestApp,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { MAX_NOTICE_BYTES, noticePayload } from '../../lib/live-events';
import { listen, openStream, type Stream } from '../../test/event-stream';
import { ONLINE_TRIP } from '../../test/online-trip';

async function addDriver(t: TestApp, userId: string | null, firstName: string): Promise<string> {
  const [row] = await t.connection.db
    .insert(drivers)
    .values({ firstName, lastName: 'Live', status: 'active', userId })
    .returning();
  return row!.id;
}

const postLocation = (t: TestApp, user: TestUser, lat: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/drivers/me/location',
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    payload: { lat, lng: 115.86 },
  });

describe('GET /api/events', () => {
  let t: TestApp;
  let baseUrl: string;
  let dispatcher: TestUser;
  let driverUser: TestUser;
  let otherDriverUser: TestUser;
  let operator: TestUser;
  let driverId: string;
  let otherDriverId: string;
  const streams: Stream[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    dispatcher = await t.createUser({ role: 'dispatcher' });
    driverUser = await t.createUser({ role: 'driver' });
    otherDriverUser = await t.createUser({ role: 'driver' });
    operator = await t.createUser({ role: 'operator' });
    driverId = await addDriver(t, driverUser.id, 'Ava');
    otherDriverId = await addDriver(t, otherDriverUser.id, 'Ben');
    baseUrl = await listen(t);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  async function stream(user: TestUser) {
    const opened = await openStream(baseUrl, user.cookie);
    streams.push(opened);
    return opened;
  }

  it('refuses a visitor who is not signed in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a signed-in account that has no role', async () => {
    const waiting = await t.createUser({ role: null });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie: waiting.cookie },
    });
    expect(response.statusCode).toBe(403);
  });

  it('keeps at most 5 streams per session, closing the oldest', async () => {
    const user = await t.createUser({ role: 'dispatcher' });
    const other = await t.createUser({ role: 'dispatcher' });
    const opened: Stream[] = [];
    for (let index = 0; index < 5; index += 1) opened.push(await stream(user));
    const elsewhere = await stream(other);
    const sixth = await stream(user);
    expect(sixth.status).toBe(200);
    // The oldest is ended by the server (the wait fails the test if it is not).
    await opened[0]!.ended;
    // The other four and the other session's stream still carry events.
    await postLocation(t, driverUser, -31.977);
    for (const live of [...opened.slice(1), sixth, elsewhere]) {
      await live.waitFor((e) => e.type === 'driver.updated' && e.driver.location?.lat === -31.977);
    }
    expect(
      opened[0]!.events.some(
        (e) => e.type === 'driver.updated' && e.driver.location?.lat === -31.977,
      ),
    ).toBe(false);
  });

  it('ends a stream when its user signs out, is disabled or loses the role; other users keep theirs', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const send = (method: 'PATCH' | 'POST', url: string, user: TestUser, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
        ...(payload ? { payload } : {}),
      });
    const signsOut = await t.createUser({ role: 'dispatcher' });
    const disabled = await t.createUser({ role: 'dispatcher' });
    const demoted = await t.createUser({ role: 'dispatcher' });
    const stays = await t.createUser({ role: 'dispatcher' });
    const [signedOutStream, disabledStream, demotedStream, staysStream] = await Promise.all(
      [signsOut, disabled, demoted, stays].map((user) => stream(user)),
    );

    expect((await send('POST', '/api/auth/sign-out', signsOut, {})).statusCode).toBe(200);
    await signedOutStream!.ended;
    const off = await send('PATCH', `/api/users/${disabled.id}`, admin, { disabled: true });
    expect(off.statusCode).toBe(200);
    await disabledStream!.ended;
    const noRole = await send('PATCH', `/api/users/${demoted.id}`, admin, { role: null });
    expect(noRole.statusCode).toBe(200);
    await demotedStream!.ended;

    // None of them gets back in; the untouched user's stream still carries events.
    for (const user of [signsOut, disabled, demoted]) {
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/events',
        headers: { cookie: user.cookie },
      });
      expect([401, 403]).toContain(again.statusCode);
    }
    await postLocation(t, driverUser, -31.981);
    await staysStream!.waitFor(
      (e) => e.type === 'driver.updated' && e.driver.location?.lat === -31.981,
    );
    for (const ended of [signedOutStream, disabledStream, demotedStream]) {
      expect(
        ended!.events.some(
          (e) => e.type === 'driver.updated' && e.driver.location?.lat === -31.981,
        ),
      ).toBe(false);
    }
  });

  it("delivers a driver's new position to a dispatcher's stream", async () => {
    const live = await stream(dispatcher);
    expect(live.status).toBe(200);
    expect((await postLocation(t, driverUser, -31.951)).statusCode).toBe(200);
    const event = await live.waitFor(
      (item) => item.type === 'driver.updated' && item.driver.location?.lat === -31.951,
    );
    expect(event).toMatchObject({ type: 'driver.updated', driver: { id: driverId } });
  });

  it('delivers booking changes to dispatch, and to a driver only for their own jobs', async () => {
    const dispatch = await stream(dispatcher);
    const mine = await stream(driverUser);
    const theirs = await stream(otherDriverUser);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { origin: TEST_ORIGIN, cookie: dispatcher.cookie },
      payload: {
        pickupLocation: 'Perth Airport T1',
        dropoffLocation: 'Crown Towers Perth',
        pickupTime: new Date(Date.now() + 86_400_000).toISOString(),
        passengerName: 'Live Passenger',
      },
    });
    const bookingId = created.json().bookings[0].id as string;
    await dispatch.waitFor((e) => e.type === 'booking.created' && e.booking.id === bookingId);

    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/assign`,
      headers: { origin: TEST_ORIGIN, cookie: dispatcher.cookie },
      payload: { driverId },
    });
    const assigned = await mine.waitFor(
      (e) => e.type === 'booking.updated' && e.booking.id === bookingId,
    );
    expect(assigned).toMatchObject({ booking: { status: 'assigned', driver: { id: driverId } } });
    await dispatch.waitFor((e) => e.type === 'booking.updated' && e.booking.id === bookingId);

    // Moved to the other driver: both drivers hear of it.
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/assign`,
      headers: { origin: TEST_ORIGIN, cookie: dispatcher.cookie },
      payload: { driverId: otherDriverId },
    });
    await theirs.waitFor(
      (e) => e.type === 'booking.updated' && e.booking.driver?.id === otherDriverId,
    );
    await mine.waitFor(
      (e) => e.type === 'booking.updated' && e.booking.driver?.id === otherDriverId,
    );
    expect(theirs.events.some((e) => e.type === 'booking.created')).toBe(false);
    expect(mine.events.some((e) => e.type === 'booking.created')).toBe(false);
  });

  it('tells dispatch who created a new booking: the dispatcher, or no one for an online booking', async () => {
    const dispatch = await stream(dispatcher);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { origin: TEST_ORIGIN, cookie: dispatcher.cookie },
      payload: {
        pickupLocation: 'Perth Airport T2',
        dropoffLocation: 'Fremantle',
        pickupTime: new Date(Date.now() + 86_400_000).toISOString(),
        passengerName: 'Made By Dispatch',
      },
    });
    const madeId = made.json().bookings[0].id as string;
    const ours = await dispatch.waitFor(
      (e) => e.type === 'booking.created' && e.booking.id === madeId,
    );
    expect(ours).toMatchObject({ createdBy: dispatcher.id, booking: { source: 'dispatch' } });

    const online = await t.app.inject({
      method: 'POST',
      url: '/api/online-bookings',
      headers: { origin: TEST_ORIGIN },
      payload: {
        ...ONLINE_TRIP,
        pickupTime: new Date(Date.now() + 86_400_000).toISOString(),
        numPassengers: 2,
        largeSuitcases: 0,
        mediumSuitcases: 0,
        vehicleType: 'Standard HUG',
        childSeats: false,
        passengerName: 'Harriet Quinn',
        phone: '0412 345 678',
        email: 'harriet@example.test',
      },
    });
    expect(online.statusCode, online.body).toBe(201);
    const onlineId = online.json().booking.id as string;
    const theirs = await dispatch.waitFor(
      (e) => e.type === 'booking.created' && e.booking.id === onlineId,
    );
    expect(theirs).toMatchObject({ createdBy: null, booking: { source: 'online' } });
  });

  it('gives a driver their own position updates only, and other roles nothing', async () => {
    const mine = await stream(driverUser);
    const nothing = await stream(operator);
    const dispatch = await stream(dispatcher);
    await postLocation(t, otherDriverUser, -31.961);
    await postLocation(t, driverUser, -31.962);
    await mine.waitFor((e) => e.type === 'driver.updated' && e.driver.location?.lat === -31.962);
    await dispatch.waitFor(
      (e) => e.type === 'driver.updated' && e.driver.location?.lat === -31.962,
    );
    expect(
      dispatch.events.some((e) => e.type === 'driver.updated' && e.driver.id === otherDriverId),
    ).toBe(true);
    expect(mine.events.every((e) => e.type !== 'driver.updated' || e.driver.id === driverId)).toBe(
      true,
    );
    expect(nothing.status).toBe(200);
    expect(nothing.events).toEqual([]);
  });
});

describe('live event notices', () => {
  it('carry the DTO when it fits under the NOTIFY limit, else only the id', () => {
    const small = noticePayload({ type: 'booking.updated', id: 'b1', formerDriverIds: ['d1'] });
    expect(JSON.parse(small)).toEqual({
      type: 'booking.updated',
      id: 'b1',
      formerDriverIds: ['d1'],
    });
    const huge = noticePayload({
      type: 'booking.updated',
      id: 'b1',
      booking: { notes: 'é'.repeat(MAX_NOTICE_BYTES) } as never,
    });
    expect(Buffer.byteLength(huge)).toBeLessThanOrEqual(MAX_NOTICE_BYTES);
    expect(JSON.parse(huge)).toEqual({ type: 'booking.updated', id: 'b1' });
    const hugeCreated = noticePayload({
      type: 'booking.created',
      id: 'b2',
      booking: { notes: 'é'.repeat(MAX_NOTICE_BYTES) } as never,
      createdBy: 'u1',
    });
    expect(JSON.parse(hugeCreated)).toEqual({ type: 'booking.created', id: 'b2', createdBy: 'u1' });
    // Who made the change travels without the DTO too: the driver's phone words it.
    const hugeBySystem = noticePayload({
      type: 'booking.updated',
      id: 'b3',
      booking: { notes: 'é'.repeat(MAX_NOTICE_BYTES) } as never,
      actor: 'system',
    });
    expect(JSON.parse(hugeBySystem)).toEqual({
      type: 'booking.updated',
      id: 'b3',
      actor: 'system',
    });
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'two app processes on one PostgreSQL database (skipped without DATABASE_URL: runs in the PostgreSQL pass)',
  () => {
    let a: TestApp;
    let b: TestApp;
    let stream: Stream | undefined;

    beforeAll(async () => {
      a = await createTestApp();
      b = await createTestApp({}, { connection: await connectSameDatabase(a.connection) });
    });
    afterAll(async () => {
      stream?.close();
      await b.close();
      await a.close();
    });

    it('delivers a position posted through app A to a stream open on app B', async () => {
      const dispatcher = await a.createUser({ role: 'dispatcher' });
      const driverUser = await a.createUser({ role: 'driver' });
      const driverId = await addDriver(a, driverUser.id, 'Cross');
      stream = await openStream(await listen(b), dispatcher.cookie);
      expect(stream.status).toBe(200);
      expect((await postLocation(a, driverUser, -31.971)).statusCode).toBe(200);
      const event = await stream.waitFor(
        (e) => e.type === 'driver.updated' && e.driver.location?.lat === -31.971,
      );
      expect(event).toMatchObject({ driver: { id: driverId } });
    });
  },
);
