import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingEvents, bookings, drivers } from '../../db/schema';
import type { Delivery } from '../../lib/live-events';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let dispatcher: TestUser;
let driverUser: TestUser;
let otherUser: TestUser;
const ids: Record<string, string> = {};
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  otherUser = await t.createUser({ role: 'driver' });
  const [me] = await t.connection.db
    .insert(drivers)
    .values({
      firstName: 'Jo',
      lastName: 'Driver',
      userId: driverUser.id,
      status: 'active',
      latitude: -31.95,
      longitude: 115.86,
      locationUpdatedAt: new Date(),
    })
    .returning();
  const [other] = await t.connection.db
    .insert(drivers)
    .values({ firstName: 'Other', lastName: 'Driver', userId: otherUser.id, status: 'active' })
    .returning();
  ids.me = me!.id;
  ids.other = other!.id;
});
afterAll(() => t.close());

async function job(status: string, driverId = ids.me!, minutesAhead = 60) {
  counter += 1;
  const [row] = await t.connection.db
    .insert(bookings)
    .values({
      reference: `DRV${String(counter).padStart(3, '0')}`,
      driverId,
      status,
      pickupTime: new Date(Date.now() + minutesAhead * 60_000),
      pickupLocation: 'Perth Airport',
      dropoffLocation: 'Cottesloe Beach',
      passengerName: 'Pat Passenger',
      fareAmount: '85.00',
    })
    .returning();
  return row!.id;
}

function send(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  user: TestUser,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie, ...headers },
    ...(payload ? { payload } : {}),
  });
}

function eventsOf(bookingId: string) {
  return t.connection.db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.id));
}

describe('GET /api/drivers/me/jobs', () => {
  it('lists the job in progress and the assigned ones, earliest first, only the driver’s own', async () => {
    const later = await job('assigned', ids.me, 180);
    const sooner = await job('assigned', ids.me, 30);
    const current = await job('en-route', ids.me, 5);
    await job('assigned', ids.other, 10);
    await job('completed', ids.me, -60);
    const response = await send('GET', '/api/drivers/me/jobs', driverUser);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.current.id).toBe(current);
    expect(body.upcoming.map((item: { id: string }) => item.id)).toEqual([sooner, later]);
    expect(body.upcoming[0]).toMatchObject({
      acknowledgedAt: null,
      passengerName: 'Pat Passenger',
    });
    expect(body.noShowWaitMinutes).toBe(10);
    await t.connection.db
      .update(bookings)
      .set({ status: 'completed' })
      .where(eq(bookings.id, current));
  });
});

describe('GET /api/drivers/me/jobs with two jobs in progress', () => {
  it('keeps the second in the list (a shuttle run, or a job started early): it never drops out', async () => {
    const first = await job('on-board', ids.me, 2);
    const second = await job('en-route', ids.me, 20);
    const waiting = await job('assigned', ids.me, 40);
    const body = (await send('GET', '/api/drivers/me/jobs', driverUser)).json();
    expect(body.current.id).toBe(first);
    // The earlier tests' assigned jobs are listed too: only this test's are compared.
    const mine = (list: { id: string }[]) =>
      list.map((item) => item.id).filter((id) => [second, waiting].includes(id));
    expect(mine(body.upcoming)).toEqual([second, waiting]);
    await t.connection.db
      .update(bookings)
      .set({ status: 'completed' })
      .where(eq(bookings.id, first));
    const after = (await send('GET', '/api/drivers/me/jobs', driverUser)).json();
    expect(after.current.id).toBe(second);
    expect(mine(after.upcoming)).toEqual([waiting]);
    await t.connection.db
      .update(bookings)
      .set({ status: 'completed' })
      .where(inArray(bookings.id, [second, waiting]));
  });
});

describe('Accept and Decline', () => {
  it('Accept stamps the job with the tap time, once, however often it is sent', async () => {
    const id = await job('assigned');
    const tapped = new Date(Date.now() - 60_000).toISOString();
    const headers = { 'idempotency-key': `ack-${id}` };
    const first = await send(
      'POST',
      `/api/bookings/${id}/acknowledge`,
      driverUser,
      { occurredAt: tapped },
      headers,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().job.acknowledgedAt).toBe(tapped);
    const again = await send(
      'POST',
      `/api/bookings/${id}/acknowledge`,
      driverUser,
      { occurredAt: tapped },
      headers,
    );
    expect(again.statusCode).toBe(200);
    const events = (await eventsOf(id)).filter((event) => event.type === 'acknowledged');
    expect(events).toHaveLength(1);
    expect(events[0]!.occurredAt.toISOString()).toBe(tapped);
    expect(events[0]!.receivedAt.getTime()).toBeGreaterThan(events[0]!.occurredAt.getTime());
    expect(events[0]!.changes).toMatchObject({ position: { lat: -31.95, lng: 115.86 } });
  });

  it('Decline puts the job back to pending without a driver, with the reason in its events', async () => {
    const id = await job('assigned');
    const response = await send('POST', `/api/bookings/${id}/decline`, driverUser, {
      reason: 'Flat tyre',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().booking).toMatchObject({ status: 'pending', driver: null });
    const [event] = (await eventsOf(id)).filter((item) => item.type === 'declined');
    expect(event).toMatchObject({
      fromStatus: 'assigned',
      toStatus: 'pending',
      changes: { reason: 'Flat tyre', driverId: { from: ids.me, to: null } },
    });
    // Dispatch reads the reason on the booking, single and in the list, until it is assigned again.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${id}`,
      headers: { cookie: dispatcher.cookie },
    });
    expect(read.json().booking).toMatchObject({ declinedReason: 'Flat tyre' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/bookings?limit=200',
      headers: { cookie: dispatcher.cookie },
    });
    const listed = (list.json().bookings as { id: string; declinedReason: string | null }[]).find(
      (booking) => booking.id === id,
    );
    expect(listed?.declinedReason).toBe('Flat tyre');
  });

  it('Decline tells dispatch live, and the former driver too', async () => {
    const id = await job('assigned');
    const deliveries: Delivery[] = [];
    const unsubscribe = await t.app.liveEvents.subscribe((delivery) => deliveries.push(delivery));
    try {
      await send('POST', `/api/bookings/${id}/decline`, driverUser, { reason: 'Running late' });
      await vi.waitFor(() => {
        const delivery = deliveries.find(
          (item) => item.event.type === 'booking.updated' && item.event.booking.id === id,
        );
        expect(delivery?.event).toMatchObject({ booking: { status: 'pending', driver: null } });
        expect(delivery?.formerDriverIds).toEqual([ids.me]);
      });
    } finally {
      unsubscribe();
    }
  });

  it('Decline needs a reason, named as the field', async () => {
    const id = await job('assigned');
    const response = await send('POST', `/api/bookings/${id}/decline`, driverUser, { reason: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('reason');
  });

  it('a job the driver has set off on cannot be declined (409 naming both states)', async () => {
    const id = await job('en-route');
    const response = await send('POST', `/api/bookings/${id}/decline`, driverUser, {
      reason: 'Changed my mind',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('A booking cannot go from en-route to pending.');
  });

  it("another driver's job is not found, and is left as it was", async () => {
    const id = await job('assigned', ids.other);
    for (const [url, body] of [
      [`/api/bookings/${id}/acknowledge`, {}],
      [`/api/bookings/${id}/decline`, { reason: 'Not mine' }],
      [`/api/bookings/${id}/status`, { status: 'en-route' }],
    ] as const) {
      const response = await send('POST', url, driverUser, body);
      expect(response.statusCode).toBe(404);
      // Said to the driver whose queued tap reaches a job given away meanwhile.
      expect(response.json().error.message).toBe(
        'This job is no longer yours: dispatch took it off you or gave it to another driver.',
      );
    }
    const [row] = await t.connection.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'assigned', driverId: ids.other, acknowledgedAt: null });
  });

  it('says a job dispatch cancelled is cancelled, in words for the driver, to every tap', async () => {
    const id = await job('cancelled');
    for (const [url, body] of [
      [`/api/bookings/${id}/acknowledge`, {}],
      [`/api/bookings/${id}/decline`, { reason: 'Not mine' }],
      [`/api/bookings/${id}/status`, { status: 'arrived' }],
    ] as const) {
      const response = await send('POST', url, driverUser, body);
      expect(response.statusCode, url).toBe(409);
      expect(response.json().error.message).toBe(
        'Dispatch cancelled this job: there is nothing more to do on it.',
      );
    }
  });

  it('is for drivers only', async () => {
    const id = await job('assigned');
    const response = await send('POST', `/api/bookings/${id}/acknowledge`, dispatcher, {});
    expect(response.statusCode).toBe(403);
  });
});

describe('the status flow from the phone', () => {
  it('goes en route → arrived → on board → completed, each stamped with tap time and position', async () => {
    const id = await job('assigned');
    const base = Date.now() - 30 * 60_000;
    const steps = ['en-route', 'arrived', 'on-board', 'completed'];
    for (const [index, status] of steps.entries()) {
      const occurredAt = new Date(base + index * 5 * 60_000).toISOString();
      const response = await send('POST', `/api/bookings/${id}/status`, driverUser, {
        status,
        occurredAt,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().booking.status).toBe(status);
    }
    const events = (await eventsOf(id)).filter((event) => event.type === 'status');
    expect(events.map((event) => event.toStatus)).toEqual(steps);
    expect(events[1]!.occurredAt.toISOString()).toBe(new Date(base + 5 * 60_000).toISOString());
    expect(events[1]!.changes).toMatchObject({ position: { lat: -31.95, lng: 115.86 } });
  });

  it('refuses a step the lifecycle does not allow, naming both states', async () => {
    const id = await job('assigned');
    const response = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'completed',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('A booking cannot go from assigned to completed.');
  });

  it('a resent change with the same Idempotency-Key is recorded once; out of order it is refused', async () => {
    const id = await job('assigned');
    const headers = { 'idempotency-key': `status-${id}-en-route` };
    const payload = {
      status: 'en-route',
      occurredAt: new Date(Date.now() - 120_000).toISOString(),
    };
    const first = await send('POST', `/api/bookings/${id}/status`, driverUser, payload, headers);
    const replay = await send('POST', `/api/bookings/${id}/status`, driverUser, payload, headers);
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.json().booking.status).toBe('en-route');
    const toEnRoute = (await eventsOf(id)).filter((event) => event.toStatus === 'en-route');
    expect(toEnRoute).toHaveLength(1);
    const reused = await send(
      'POST',
      `/api/bookings/${id}/status`,
      driverUser,
      { status: 'arrived' },
      headers,
    );
    expect(reused.statusCode).toBe(409);
    // A queued 'en-route' sent again under a new key after it was applied: done, not repeated.
    const late = await send('POST', `/api/bookings/${id}/status`, driverUser, payload, {
      'idempotency-key': `status-${id}-again`,
    });
    expect(late.statusCode).toBe(200);
    expect(late.json().booking.status).toBe('en-route');
    expect((await eventsOf(id)).filter((event) => event.toStatus === 'en-route')).toHaveLength(1);
  });

  it('a double tap on Completed, queued offline under two keys, completes the job once (200 twice)', async () => {
    const id = await job('on-board', ids.me!, -30);
    const tappedAt = Date.now() - 60_000;
    const taps = [0, 1].map((index) => ({
      payload: { status: 'completed', occurredAt: new Date(tappedAt + index * 200).toISOString() },
      headers: { 'idempotency-key': `status-${id}-${index}` },
    }));
    // Sent one after the other when the phone is back online, as the tap queue does.
    for (const tap of taps) {
      const response = await send(
        'POST',
        `/api/bookings/${id}/status`,
        driverUser,
        tap.payload,
        tap.headers,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().booking.status).toBe('completed');
    }
    const completed = (await eventsOf(id)).filter((event) => event.toStatus === 'completed');
    expect(completed).toHaveLength(1);
    const [row] = await t.connection.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row!.journeyEndedAt?.toISOString()).toBe(new Date(tappedAt).toISOString());
  });

  it("dispatch's repeated step is still refused, naming the status (decision 85)", async () => {
    const id = await job('en-route');
    const response = await send('POST', `/api/bookings/${id}/status`, dispatcher, {
      status: 'en-route',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('The booking is already en-route.');
  });

  it('refuses an implausible tap time naming occurredAt', async () => {
    const id = await job('assigned');
    const response = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'en-route',
      occurredAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('occurredAt');
  });
});

describe('a job worked long before its pickup time (decision 103)', () => {
  const day = 24 * 60;

  async function statusOf(id: string) {
    const [row] = await t.connection.db.select().from(bookings).where(eq(bookings.id, id));
    return row!.status;
  }

  it('refuses En route a day early with a 409 saying when it opens, and changes nothing', async () => {
    const id = await job('assigned', ids.me, day);
    const response = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'en-route',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(
      /^Too early to set off: En route opens at \d{1,2}:\d\d [ap]m on \w+day, .+, 2 hours before the pickup\. To leave now, call dispatch: they can mark the job en route\.$/,
    );
    expect(await statusOf(id)).toBe('assigned');
    expect((await eventsOf(id)).filter((event) => event.type === 'status')).toEqual([]);
  });

  it('judges a tap sent late by when it was made: a queued En route from before the window is refused', async () => {
    const id = await job('assigned', ids.me, 100);
    const response = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'en-route',
      occurredAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    });
    expect(response.statusCode).toBe(409);
    expect(await statusOf(id)).toBe('assigned');
  });

  it('lets a driver set off within two hours of the pickup (a job started early, decision 79)', async () => {
    const id = await job('assigned', ids.me, 110);
    const response = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'en-route',
    });
    expect(response.statusCode).toBe(200);
    await t.connection.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, id));
  });

  it('refuses Completed when the pickup has moved a day later since the driver set off', async () => {
    const id = await job('assigned', ids.me, 30);
    for (const status of ['en-route', 'arrived', 'on-board']) {
      const step = await send('POST', `/api/bookings/${id}/status`, driverUser, { status });
      expect(step.statusCode).toBe(200);
    }
    const moved = await send('PATCH', `/api/bookings/${id}`, dispatcher, {
      pickupTime: new Date(Date.now() + day * 60_000).toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    const response = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'completed',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(
      /^Too early to complete: the pickup is at .+\. If the trip is over, call dispatch: they can mark it completed\.$/,
    );
    const [row] = await t.connection.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'on-board', journeyEndedAt: null });
    await t.connection.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, id));
  });

  it("holds the driver's taps only: dispatch's Mark en-route is the office's own record", async () => {
    const id = await job('assigned', ids.me, day);
    const refused = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'en-route',
    });
    expect(refused.statusCode).toBe(409);
    const response = await send('POST', `/api/bookings/${id}/status`, dispatcher, {
      status: 'en-route',
    });
    expect(response.statusCode).toBe(200);
    await t.connection.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, id));
  });
});

describe('no-show', () => {
  it('is refused until the driver has waited 10 minutes at the pickup', async () => {
    // Due five minutes ago: the wait runs from the arrival.
    const id = await job('assigned', ids.me, -5);
    await send('POST', `/api/bookings/${id}/status`, driverUser, { status: 'en-route' });
    await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'arrived',
      occurredAt: new Date(Date.now() - 4 * 60_000).toISOString(),
    });
    const early = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'no-show',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(
      /^Wait 10 minutes at the pickup .*: 6 minutes left\.$/,
    );
    const late = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'no-show',
      occurredAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(late.statusCode).toBe(409);
  });

  it('waits from the pickup time when the driver arrived early: the passenger is not due yet', async () => {
    const id = await job('assigned', ids.me, 30);
    await send('POST', `/api/bookings/${id}/status`, driverUser, { status: 'en-route' });
    await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'arrived',
      occurredAt: new Date(Date.now() - 11 * 60_000).toISOString(),
    });
    const response = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'no-show',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(
      /^Wait until 10 minutes after the pickup time before marking a no-show: (39|40) minutes left\.$/,
    );
    const [row] = await t.connection.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe('arrived');
    await t.connection.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, id));
  });

  it('is allowed once the waiting time has passed', async () => {
    const id = await job('assigned', ids.me, -15);
    await send('POST', `/api/bookings/${id}/status`, driverUser, { status: 'en-route' });
    await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'arrived',
      occurredAt: new Date(Date.now() - 11 * 60_000).toISOString(),
    });
    const response = await send('POST', `/api/bookings/${id}/status`, driverUser, {
      status: 'no-show',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.toStatus, 'no-show')));
    expect(row).toBeDefined();
  });
});
