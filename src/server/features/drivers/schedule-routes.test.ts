import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScheduleResponse } from '../../../domain/drivers';
import { bookingEvents, bookings, drivers, driverShifts } from '../../db/schema';
import type { Delivery } from '../../lib/live-events';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  const [row] = await t.connection.db
    .insert(drivers)
    .values({ firstName: 'Sam', lastName: 'Schedule', status: 'active' })
    .returning({ id: drivers.id });
  driverId = row!.id;
  // Two jobs on Tuesday 3 March 2026 in Perth (one at 23:30 Perth, 15:30 UTC), one cancelled.
  await t.connection.db.insert(bookings).values([
    {
      reference: 'SCH001',
      driverId,
      status: 'assigned',
      pickupTime: new Date('2026-03-03T01:00:00Z'),
      pickupLocation: 'A',
      dropoffLocation: 'B',
    },
    {
      reference: 'SCH002',
      driverId,
      status: 'completed',
      pickupTime: new Date('2026-03-03T15:30:00Z'),
      pickupLocation: 'A',
      dropoffLocation: 'B',
    },
    {
      reference: 'SCH003',
      driverId,
      status: 'cancelled',
      pickupTime: new Date('2026-03-03T02:00:00Z'),
      pickupLocation: 'A',
      dropoffLocation: 'B',
    },
  ]);
  // A shift on Monday 2 March (06:00-14:30 Perth) and one started on Wednesday evening, still open.
  await t.connection.db.insert(driverShifts).values([
    {
      driverId,
      startedAt: new Date('2026-03-01T22:00:00Z'),
      endedAt: new Date('2026-03-02T06:30:00Z'),
    },
    { driverId, startedAt: new Date('2026-03-04T10:00:00Z'), endedAt: null },
  ]);
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
}

describe('driver schedules', () => {
  it('shows the week from Monday with the shifts and jobs per Perth day and the leave', async () => {
    const added = await send('POST', `/api/drivers/${driverId}/leave`, admin, {
      startsOn: '2026-03-06',
      endsOn: '2026-03-10',
      reason: 'Annual leave',
    });
    expect(added.statusCode, added.body).toBe(201);

    const response = await send('GET', '/api/drivers/schedule?weekOf=2026-03-05', dispatcher);
    expect(response.statusCode).toBe(200);
    const schedule = response.json() as ScheduleResponse;
    expect(schedule.days[0]).toBe('2026-03-02');
    const sam = schedule.drivers.find((driver) => driver.id === driverId)!;
    expect(sam.days.map((day) => day.jobs)).toEqual([0, 2, 0, 0, 0, 0, 0]);
    expect(sam.days.map((day) => day.shifts)).toEqual([
      [{ startedAt: '2026-03-01T22:00:00.000Z', endedAt: '2026-03-02T06:30:00.000Z' }],
      [],
      [{ startedAt: '2026-03-04T10:00:00.000Z', endedAt: null }],
      [],
      [],
      [],
      [],
    ]);
    expect(sam.days.map((day) => day.leave?.reason ?? null)).toEqual([
      null,
      null,
      null,
      null,
      'Annual leave',
      'Annual leave',
      'Annual leave',
    ]);
  });

  it('lets only admins mark leave, refusing a range that ends before it starts', async () => {
    const body = { startsOn: '2026-04-01', endsOn: '2026-04-02', reason: 'Sick' };
    expect(
      (await send('POST', `/api/drivers/${driverId}/leave`, dispatcher, body)).statusCode,
    ).toBe(403);
    const backwards = await send('POST', `/api/drivers/${driverId}/leave`, admin, {
      ...body,
      endsOn: '2026-03-31',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty('endsOn');
    const missing = await send('POST', `/api/drivers/${driverId}/leave`, admin, {
      ...body,
      reason: '',
    });
    expect(missing.json().error.fields).toHaveProperty('reason');
  });

  it('removes a leave range', async () => {
    const added = await send('POST', `/api/drivers/${driverId}/leave`, admin, {
      startsOn: '2026-05-01',
      endsOn: '2026-05-01',
      reason: 'Appointment',
    });
    const { leave } = added.json();
    const removed = await send('DELETE', `/api/drivers/${driverId}/leave/${leave.id}`, admin);
    expect(removed.statusCode).toBe(204);
    const list = await send('GET', `/api/drivers/${driverId}/leave`, admin);
    expect(list.json().leave.map((item: { id: string }) => item.id)).not.toContain(leave.id);
    const again = await send('DELETE', `/api/drivers/${driverId}/leave/${leave.id}`, admin);
    expect(again.statusCode).toBe(404);
  });

  it('hands the jobs in a new leave back to dispatch, flagged with the reason, when asked', async () => {
    const [jack] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Jack', lastName: 'Thompson', status: 'active' })
      .returning({ id: drivers.id });
    const jackId = jack!.id;
    // Dec 14 in Perth: 4:05 pm (08:05 UTC) and 11:30 pm (15:30 UTC, Dec 14 in UTC too);
    // 1:00 am Dec 15 in Perth is Dec 14 in UTC and outside the leave, as for assigning.
    const [inLeave, lateInLeave, nextDay, started] = await t.connection.db
      .insert(bookings)
      .values(
        [
          ['GZRY8N', 'assigned', '2026-12-14T08:05:00Z'],
          ['GZLATE', 'assigned', '2026-12-14T15:30:00Z'],
          ['GZNEXT', 'assigned', '2026-12-14T17:00:00Z'],
          ['GZDONE', 'completed', '2026-12-14T02:00:00Z'],
        ].map(([reference, status, pickupTime]) => ({
          reference: reference!,
          driverId: jackId,
          status: status as 'assigned' | 'completed',
          acknowledgedAt: reference === 'GZLATE' ? new Date('2026-12-01T00:00:00Z') : null,
          pickupTime: new Date(pickupTime!),
          pickupLocation: 'A',
          dropoffLocation: 'B',
        })),
      )
      .returning({ id: bookings.id, reference: bookings.reference });
    const leave = { startsOn: '2026-12-14', endsOn: '2026-12-14', reason: 'Family wedding' };

    const preview = await send(
      'GET',
      `/api/drivers/${jackId}/leave/clashes?startsOn=2026-12-14&endsOn=2026-12-14`,
      admin,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().jobs.map((job: { reference: string }) => job.reference)).toEqual([
      'GZRY8N',
      'GZLATE',
    ]);

    // Only an admin marks leave: a dispatcher is refused and the jobs stay.
    const refused = await send('POST', `/api/drivers/${jackId}/leave`, dispatcher, {
      ...leave,
      returnJobs: true,
    });
    expect(refused.statusCode).toBe(403);
    const [still] = await t.connection.db
      .select({ driverId: bookings.driverId })
      .from(bookings)
      .where(eq(bookings.id, inLeave!.id));
    expect(still!.driverId).toBe(jackId);

    const deliveries: Delivery[] = [];
    const unsubscribe = await t.app.liveEvents.subscribe((delivery) => deliveries.push(delivery));
    try {
      const saved = await send('POST', `/api/drivers/${jackId}/leave`, admin, {
        ...leave,
        returnJobs: true,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().jobs).toEqual([
        {
          id: inLeave!.id,
          reference: 'GZRY8N',
          pickupTime: '2026-12-14T08:05:00.000Z',
          returned: true,
        },
        {
          id: lateInLeave!.id,
          reference: 'GZLATE',
          pickupTime: '2026-12-14T15:30:00.000Z',
          returned: true,
        },
      ]);
      // Dispatch hears of each, flagged returned with the reason.
      await vi.waitFor(() => {
        const told = deliveries.find(
          (delivery) =>
            delivery.event.type === 'booking.updated' && delivery.event.booking.id === inLeave!.id,
        );
        expect(told?.event.type === 'booking.updated' && told.event.booking).toMatchObject({
          status: 'pending',
          returnedAt: expect.any(String),
          returnedReason: 'Driver on leave: Family wedding',
        });
      });
    } finally {
      unsubscribe();
    }

    const detail = (await send('GET', `/api/bookings/${lateInLeave!.id}`, dispatcher)).json();
    expect(detail.booking ?? detail).toMatchObject({
      status: 'pending',
      returnedReason: 'Driver on leave: Family wedding',
    });
    const events = await t.connection.db
      .select({ type: bookingEvents.type, actorUserId: bookingEvents.actorUserId })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, inLeave!.id));
    expect(events).toEqual([{ type: 'returned-to-dispatch', actorUserId: admin.id }]);
    // Outside the leave (Perth's next day) and jobs already done stay with him.
    const kept = await t.connection.db
      .select({ id: bookings.id, driverId: bookings.driverId, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.driverId, jackId));
    expect(kept.map((row) => row.id).sort()).toEqual([nextDay!.id, started!.id].sort());
  });

  it('names the jobs in a leave and keeps them assigned unless asked to return them', async () => {
    const [row] = await t.connection.db
      .insert(drivers)
      .values({ firstName: 'Kim', lastName: 'Keeper', status: 'active' })
      .returning({ id: drivers.id });
    const [job] = await t.connection.db
      .insert(bookings)
      .values({
        reference: 'KEEP01',
        driverId: row!.id,
        status: 'assigned',
        pickupTime: new Date('2026-12-20T02:00:00Z'),
        pickupLocation: 'A',
        dropoffLocation: 'B',
      })
      .returning({ id: bookings.id });
    const saved = await send('POST', `/api/drivers/${row!.id}/leave`, admin, {
      startsOn: '2026-12-19',
      endsOn: '2026-12-21',
      reason: 'Annual leave',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().jobs).toMatchObject([{ reference: 'KEEP01', returned: false }]);
    const [kept] = await t.connection.db
      .select({ driverId: bookings.driverId, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, job!.id));
    expect(kept).toEqual({ driverId: row!.id, status: 'assigned' });
  });
});
