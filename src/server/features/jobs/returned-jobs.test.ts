import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '../../../domain/bookings/wall-time';
import type { JobsResponse } from '../../../domain/jobs';
import { DEFAULT_TIME_ZONE } from '../../../domain/settings/business-defaults';
import { bookings, drivers } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// A job handed back to dispatch (here: its driver put on leave with 'Return
// these jobs to dispatch') needs a new driver however far off its pickup is,
// as a declined one does: the 'Needs attention' chip counts it and the filter
// lists it until it is assigned again, not only within 2 hours of pickup.

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;
let leavingId: string;
let standInId: string;
let returnedId: string;
const DAY = 24 * 3_600_000;
// Next week, in the Jobs Overview's default range (today and the next 7 days).
const PICKUP = new Date(Date.now() + 6 * DAY);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
  const db = t.connection.db;
  const [leaving, standIn] = await db
    .insert(drivers)
    .values([
      { firstName: 'Lena', lastName: 'Leaving', status: 'active', locationUpdatedAt: new Date() },
      { firstName: 'Sol', lastName: 'Standin', status: 'active', locationUpdatedAt: new Date() },
    ])
    .returning({ id: drivers.id });
  leavingId = leaving!.id;
  standInId = standIn!.id;
  const [job] = await db
    .insert(bookings)
    .values({
      reference: 'RET001',
      pickupTime: PICKUP,
      pickupLocation: 'Kings Park, Perth',
      dropoffLocation: 'Perth Airport T1',
      status: 'assigned',
      driverId: leavingId,
      acknowledgedAt: new Date(),
      passengerName: 'Rita Returned',
    })
    .returning({ id: bookings.id });
  returnedId = job!.id;
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

async function jobs(query = ''): Promise<JobsResponse> {
  const response = await send('GET', `/api/jobs${query}`, dispatcher);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function returnedAt(): Promise<Date | null> {
  const [row] = await t.connection.db
    .select({ returnedAt: bookings.returnedAt })
    .from(bookings)
    .where(eq(bookings.id, returnedId));
  return row!.returnedAt;
}

describe('a job returned to dispatch', () => {
  it('is not flagged while its driver has it', async () => {
    const answer = await jobs();
    expect(answer.jobs.find((job) => job.id === returnedId)!.attention).toEqual([]);
    expect(answer.counts.attention).toBe(0);
  });

  it('needs attention days before its pickup, in the chip, the filter and its reasons', async () => {
    const day = dayInZone(PICKUP, DEFAULT_TIME_ZONE);
    const leave = await send('POST', `/api/drivers/${leavingId}/leave`, admin, {
      startsOn: day,
      endsOn: day,
      reason: 'Family wedding',
      returnJobs: true,
    });
    expect(leave.statusCode, leave.body).toBe(201);
    expect(leave.json().jobs).toMatchObject([{ id: returnedId, returned: true }]);

    const all = await jobs();
    const job = all.jobs.find((row) => row.id === returnedId)!;
    expect(job).toMatchObject({
      status: 'pending',
      driver: null,
      returnedReason: 'Driver on leave: Family wedding',
      attention: ['returned-to-dispatch'],
    });
    expect(all.counts.attention).toBe(1);
    const filtered = await jobs('?attention=true');
    expect(filtered.jobs.map((row) => row.id)).toEqual([returnedId]);
    expect(filtered.total).toBe(1);
    // The column the count reads is the events' time.
    expect((await returnedAt())?.toISOString()).toBe(job.returnedAt);
    // The export says why, as the Jobs table does.
    const csv = await send('GET', '/api/jobs/export.csv?attention=true', dispatcher);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(
      'Returned to dispatch (Driver on leave: Family wedding): needs a new driver',
    );
  });

  it('is settled once it is assigned again', async () => {
    const assigned = await send('POST', `/api/bookings/${returnedId}/assign`, dispatcher, {
      driverId: standInId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await returnedAt()).toBeNull();
    const all = await jobs();
    expect(all.jobs.find((row) => row.id === returnedId)).toMatchObject({
      status: 'assigned',
      returnedAt: null,
      returnedReason: null,
      attention: [],
    });
    expect(all.counts.attention).toBe(0);
    expect((await jobs('?attention=true')).total).toBe(0);
  });
});
