import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { attentionReasons } from '../../../domain/jobs';
import { DEFAULT_DISPATCH } from '../../../domain/settings';
import { bookingEvents, bookings, drivers } from '../../db/schema';
import type { Delivery } from '../../lib/live-events';
import { runScheduled } from '../../lib/scheduled-work';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { acknowledgementWatchJob } from './acknowledgement-watch';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let driverUser: TestUser;
let driverId: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  const [driver] = await t.connection.db
    .insert(drivers)
    .values({
      firstName: 'Ari',
      lastName: 'Late',
      userId: driverUser.id,
      status: 'active',
      latitude: -31.95,
      longitude: 115.86,
      locationUpdatedAt: new Date(),
    })
    .returning();
  driverId = driver!.id;
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
}

/** A pending booking, `daysAhead` days out, assigned to the driver by dispatch through the API. */
async function assignedBooking(daysAhead = 2): Promise<string> {
  counter += 1;
  const [row] = await t.connection.db
    .insert(bookings)
    .values({
      reference: `ACK${String(counter).padStart(3, '0')}`,
      pickupTime: new Date(Date.now() + daysAhead * 24 * 3_600_000),
      pickupLocation: 'Crown Perth',
      dropoffLocation: 'Perth Airport T1',
      passengerName: 'Lee Waiting',
    })
    .returning();
  const assigned = await send('POST', `/api/bookings/${row!.id}/assign`, dispatcher, { driverId });
  expect(assigned.statusCode).toBe(200);
  return row!.id;
}

/** Moves the assignment's recorded time back, as if it were made `minutes` ago. */
async function assignedMinutesAgo(id: string, minutes: number) {
  await t.connection.db
    .update(bookingEvents)
    .set({ occurredAt: new Date(Date.now() - minutes * 60_000) })
    .where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.type, 'assigned')));
}

const watch = () => acknowledgementWatchJob(t.app);

/** Runs the watch now (the period record is cleared so the test need not wait for it). */
async function runWatch() {
  await t.connection.db.execute(
    "delete from scheduled_runs where name = 'flag-unacknowledged-assignments'",
  );
  expect(await runScheduled(t.connection.db, watch())).toBe(true);
}

async function bookingOf(id: string) {
  const response = await send('GET', `/api/bookings/${id}`, dispatcher);
  expect(response.statusCode).toBe(200);
  return response.json().booking;
}

async function jobOf(id: string, attentionOnly = false) {
  const response = await send(
    'GET',
    `/api/jobs?from=2000-01-01&to=2099-12-31&limit=200${attentionOnly ? '&attention=true' : ''}`,
    dispatcher,
  );
  expect(response.statusCode).toBe(200);
  return (response.json().jobs as { id: string; attention: string[] }[]).find(
    (job) => job.id === id,
  );
}

describe('an assignment the driver has not accepted', () => {
  it('is flagged once after the timeout, and dispatch is told live', async () => {
    const id = await assignedBooking();
    const fresh = await bookingOf(id);
    expect(fresh.assignedAt).not.toBeNull();
    expect(fresh.acknowledgementOverdueAt).toBeNull();
    expect((await jobOf(id))!.attention).toEqual([]);

    await assignedMinutesAgo(id, 6);
    // Past the default 5 minutes: the rule says so before the watch has run.
    expect((await jobOf(id, true))!.attention).toEqual(['not-acknowledged']);

    const deliveries: Delivery[] = [];
    const unsubscribe = await t.app.liveEvents.subscribe((delivery) => deliveries.push(delivery));
    try {
      await runWatch();
      await vi.waitFor(() => {
        const told = deliveries.find(
          (delivery) =>
            delivery.event.type === 'booking.updated' && delivery.event.booking.id === id,
        );
        expect(told?.event.type === 'booking.updated' && told.event.booking).toMatchObject({
          status: 'assigned',
          acknowledgedAt: null,
          acknowledgementOverdueAt: expect.any(String),
        });
      });
    } finally {
      unsubscribe();
    }

    const flagged = await bookingOf(id);
    expect(flagged.acknowledgementOverdueAt).toEqual(expect.any(String));
    const detail = (await send('GET', `/api/bookings/${id}`, dispatcher)).json();
    expect(detail.events.map((event: { type: string }) => event.type)).toContain(
      'acknowledgement-overdue',
    );

    // Once per assignment: a second run finds nothing new.
    await runWatch();
    const overdueEvents = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(
        and(eq(bookingEvents.bookingId, id), eq(bookingEvents.type, 'acknowledgement-overdue')),
      );
    expect(overdueEvents).toHaveLength(1);
  });

  it('drops the flag when the driver accepts', async () => {
    const id = await assignedBooking();
    await assignedMinutesAgo(id, 10);
    await runWatch();
    expect((await bookingOf(id)).acknowledgementOverdueAt).not.toBeNull();

    const accepted = await send('POST', `/api/bookings/${id}/acknowledge`, driverUser, {});
    expect(accepted.statusCode).toBe(200);
    const booking = await bookingOf(id);
    expect(booking.acknowledgedAt).not.toBeNull();
    expect(booking.acknowledgementOverdueAt).toBeNull();
    expect((await jobOf(id))!.attention).toEqual([]);
    // The board's list (its compiled serializer) carries the Accept too: its rows show it.
    const list = await send('GET', `/api/bookings?status=assigned&limit=5000`, dispatcher);
    const row = (list.json().bookings as { id: string; acknowledgedAt: string | null }[]).find(
      (item) => item.id === id,
    );
    expect(row?.acknowledgedAt).toBe(booking.acknowledgedAt);
  });

  it('starts a new wait when the job is given to a driver again', async () => {
    const id = await assignedBooking();
    await assignedMinutesAgo(id, 10);
    await runWatch();
    const again = await send('POST', `/api/bookings/${id}/assign`, dispatcher, { driverId });
    expect(again.statusCode).toBe(200);
    expect((await bookingOf(id)).acknowledgementOverdueAt).toBeNull();
    expect((await jobOf(id))!.attention).toEqual([]);
  });

  it('follows the timeout saved in Settings → Dispatch', async () => {
    const id = await assignedBooking();
    await assignedMinutesAgo(id, 6);
    const saved = await send('PUT', '/api/settings/dispatch', admin, {
      ...DEFAULT_DISPATCH,
      acknowledgementTimeoutMinutes: 8,
    });
    expect(saved.statusCode).toBe(200);
    try {
      await runWatch();
      expect((await bookingOf(id)).acknowledgementOverdueAt).toBeNull();
      expect((await jobOf(id))!.attention).toEqual([]);
      await assignedMinutesAgo(id, 9);
      expect((await jobOf(id))!.attention).toEqual(['not-acknowledged']);
      await runWatch();
      expect((await bookingOf(id)).acknowledgementOverdueAt).not.toBeNull();
    } finally {
      await send('PUT', '/api/settings/dispatch', admin, DEFAULT_DISPATCH);
    }
  });
});

describe('a declined job', () => {
  it('needs attention however far off its pickup, until a driver is assigned again', async () => {
    const id = await assignedBooking(5);
    const declined = await send('POST', `/api/bookings/${id}/decline`, driverUser, {
      reason: 'Car in for service that day',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().booking).toMatchObject({
      status: 'pending',
      declinedAt: expect.any(String),
    });
    expect((await jobOf(id, true))!.attention).toEqual(['driver-declined']);

    await send('POST', `/api/bookings/${id}/assign`, dispatcher, { driverId });
    const booking = await bookingOf(id);
    expect(booking.declinedAt).toBeNull();
    expect((await jobOf(id))!.attention).toEqual([]);
  });
});

describe('the needs-attention rule and its SQL', () => {
  it('agree on declined and unaccepted jobs', async () => {
    const overdue = await assignedBooking(3);
    await assignedMinutesAgo(overdue, 30);
    const declinedId = await assignedBooking(4);
    await send('POST', `/api/bookings/${declinedId}/decline`, driverUser, { reason: 'Too far' });
    const response = await send(
      'GET',
      '/api/jobs?from=2000-01-01&to=2099-12-31&limit=200',
      dispatcher,
    );
    const all = response.json().jobs as {
      id: string;
      status: 'assigned';
      pickupTime: string;
      attention: string[];
      assignedAt: string | null;
      acknowledgedAt: string | null;
      declinedAt: string | null;
    }[];
    const filtered = await send(
      'GET',
      '/api/jobs?from=2000-01-01&to=2099-12-31&limit=200&attention=true',
      dispatcher,
    );
    const flaggedIds = (filtered.json().jobs as { id: string }[]).map((job) => job.id).sort();
    expect(
      all
        .filter((job) => job.attention.length > 0)
        .map((job) => job.id)
        .sort(),
    ).toEqual(flaggedIds);
    expect(flaggedIds).toEqual(expect.arrayContaining([overdue, declinedId]));
    const now = new Date();
    for (const job of all.filter((item) => [overdue, declinedId].includes(item.id))) {
      expect(job.attention).toEqual(
        attentionReasons(
          {
            status: job.status,
            pickupTime: new Date(job.pickupTime),
            driver: { status: 'active', locationUpdatedAt: now },
            assignedAt: job.assignedAt ? new Date(job.assignedAt) : null,
            acknowledgedAt: job.acknowledgedAt ? new Date(job.acknowledgedAt) : null,
            declinedAt: job.declinedAt ? new Date(job.declinedAt) : null,
          },
          now,
        ),
      );
    }
  });
});
