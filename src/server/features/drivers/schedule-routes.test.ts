import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleResponse } from '../../../domain/drivers';
import { bookings, drivers, driverShifts } from '../../db/schema';
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
});
