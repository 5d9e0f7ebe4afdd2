import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsResponse } from '../../../domain/jobs';
import { bookingEvents, bookings, drivers } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

// The needs-attention SQL reads the assignment history the booking events
// keep on the booking (migrations 0021 and 0029): the last assignment by the
// order events were recorded, not by their tap times, and a decline or a
// return to dispatch only until an assignment follows it. The chip and the
// filter agree with the jobs' own reasons.

let t: TestApp;
let dispatcher: TestUser;
const ids: Record<string, string> = {};
const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
const PICKUP = new Date('2090-06-15T02:00:00Z');
const RANGE = '?from=2090-06-01&to=2090-06-30&limit=200';

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  const db = t.connection.db;
  const [driver] = await db
    .insert(drivers)
    .values({
      firstName: 'Ava',
      lastName: 'Active',
      status: 'active',
      locationUpdatedAt: new Date(),
    })
    .returning();
  const driverId = driver!.id;
  // name, status, has driver, events in the order they were recorded
  const rows = [
    [
      'declined',
      'pending',
      false,
      [
        ['assigned', 90],
        ['declined', 60],
      ],
    ],
    [
      'declinedThenAssigned',
      'pending',
      false,
      [
        ['declined', 90],
        ['assigned', 60],
      ],
    ],
    [
      'returned',
      'pending',
      false,
      [
        ['assigned', 90],
        ['returned-to-dispatch', 60],
      ],
    ],
    [
      'returnedThenAssigned',
      'assigned',
      true,
      [
        ['assigned', 90],
        ['returned-to-dispatch', 80],
        ['assigned', 1],
      ],
    ],
    ['neverAssigned', 'pending', false, []],
    ['overdue', 'assigned', true, [['assigned', 60]]],
    ['recent', 'assigned', true, [['assigned', 1]]],
    // Reassigned: the later record counts even though its tap time is older.
    [
      'reassignedOldTap',
      'assigned',
      true,
      [
        ['assigned', 1],
        ['assigned', 60],
      ],
    ],
    [
      'reassignedNewTap',
      'assigned',
      true,
      [
        ['assigned', 60],
        ['assigned', 1],
      ],
    ],
    ['unrecorded', 'assigned', true, []],
  ] as const;
  let counter = 0;
  for (const [name, status, hasDriver, events] of rows) {
    counter += 1;
    const [row] = await db
      .insert(bookings)
      .values({
        reference: `ATT${String(counter).padStart(3, '0')}`,
        pickupTime: PICKUP,
        pickupLocation: `${name} street, Perth`,
        dropoffLocation: 'Perth Airport',
        status,
        driverId: hasDriver ? driverId : null,
        passengerName: `Passenger ${name}`,
      })
      .returning();
    ids[name] = row!.id;
    for (const [type, minutesAgo] of events) {
      await db
        .insert(bookingEvents)
        .values({ bookingId: row!.id, type, changes: {}, occurredAt: ago(minutesAgo) });
    }
  }
});
afterAll(() => t.close());

async function list(query: string): Promise<JobsResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/jobs${query}`,
    headers: { cookie: dispatcher.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const nameOf = (id: string) => Object.keys(ids).find((name) => ids[name] === id)!;

describe('needs attention from the assignment history', () => {
  it('flags a decline or a return not yet followed by an assignment, and an assignment unaccepted past the timeout', async () => {
    const all = await list(RANGE);
    const reasons = Object.fromEntries(all.jobs.map((job) => [nameOf(job.id), job.attention]));
    expect(reasons).toEqual({
      declined: ['driver-declined'],
      declinedThenAssigned: [],
      returned: ['returned-to-dispatch'],
      returnedThenAssigned: [],
      neverAssigned: [],
      overdue: ['not-acknowledged'],
      recent: [],
      reassignedOldTap: ['not-acknowledged'],
      reassignedNewTap: [],
      unrecorded: [],
    });
  });

  it('the chip counts and the filter lists exactly the jobs the domain rules flag', async () => {
    const all = await list(RANGE);
    const flagged = all.jobs.filter((job) => job.attention.length > 0).map((job) => job.id);
    const filtered = await list(`${RANGE}&attention=true`);
    expect(filtered.jobs.map((job) => job.id).sort()).toEqual(flagged.sort());
    expect(filtered.total).toBe(flagged.length);
    expect(all.counts.attention).toBe(flagged.length);
  });
});
