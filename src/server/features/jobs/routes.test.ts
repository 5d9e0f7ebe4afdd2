import { eq, inArray } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJobResult, JobsResponse } from '../../../domain/jobs';
import { attentionReasons } from '../../../domain/jobs';
import { bookingEvents, bookings, drivers, vehicles } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let dispatcher: TestUser;
let driverUser: TestUser;
let onShiftId: string;
let offShiftId: string;
let suspendedId: string;
const ids: Record<string, string> = {};
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

beforeAll(async () => {
  t = await createTestApp();
  dispatcher = await t.createUser({ role: 'dispatcher' });
  driverUser = await t.createUser({ role: 'driver' });
  const db = t.connection.db;
  const [vehicle] = await db
    .insert(vehicles)
    .values({ type: 'Imax 7', make: 'Hyundai', model: 'iMax', registration: '1JOB777', seats: 7 })
    .returning();
  const inserted = await db
    .insert(drivers)
    .values([
      {
        firstName: 'Olive',
        lastName: 'Onshift',
        status: 'active',
        locationUpdatedAt: new Date(),
        vehicleId: vehicle!.id,
      },
      { firstName: 'Otto', lastName: 'Offshift', status: 'offline' },
      { firstName: 'Sid', lastName: 'Suspended', status: 'suspended' },
    ])
    .returning();
  [onShiftId, offShiftId, suspendedId] = inserted.map((row) => row.id) as [string, string, string];

  const rows = [
    // name, pickup (hours from now), status, driver, extra
    ['soonPending', 1, 'pending', null, { phone: '+61412345678', passengerName: 'Harriet Quinn' }],
    ['laterPending', 30, 'pending', null, { vehicleType: 'Multivan 6', source: 'online' }],
    ['latePickup', -0.5, 'assigned', onShiftId, { accountCode: 'ACME', fareAmount: '120.00' }],
    ['offShift', 1.5, 'assigned', offShiftId, { fareAmount: '80.00' }],
    ['fine', 5, 'assigned', onShiftId, { fareAmount: '55.50' }],
    [
      'done',
      -3,
      'completed',
      onShiftId,
      { passengerName: '=HYPERLINK("http://evil.test","Refund")', notes: '@SUM(1+1)' },
    ],
    ['farAway', 24 * 10, 'pending', null, {}],
    ['yesterday', -30, 'pending', null, {}],
  ] as const;
  let counter = 0;
  for (const [name, hours, status, driverId, extra] of rows) {
    counter += 1;
    const [row] = await db
      .insert(bookings)
      .values({
        reference: `JOB${String(counter).padStart(3, '0')}`,
        pickupTime: at(hours),
        pickupLocation: `${name} street, Perth`,
        dropoffLocation: 'Perth Airport',
        status,
        driverId,
        passengerName: `Passenger ${name}`,
        ...extra,
      })
      .returning();
    ids[name] = row!.id;
  }
});
afterAll(() => t.close());

function get(url: string, user: TestUser | null = dispatcher) {
  return t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}
function bulk(payload: object, user: TestUser | null = dispatcher) {
  return t.app.inject({
    method: 'POST',
    url: '/api/jobs/bulk',
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    payload,
  });
}
async function list(query = ''): Promise<JobsResponse> {
  const response = await get(`/api/jobs${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const names = (answer: JobsResponse) =>
  answer.jobs.map((job) => Object.keys(ids).find((name) => ids[name] === job.id)).sort();

describe('GET /api/jobs', () => {
  it('refuses drivers and visitors who are not signed in', async () => {
    expect((await get('/api/jobs', driverUser)).statusCode).toBe(403);
    expect((await get('/api/jobs', null)).statusCode).toBe(401);
    expect(
      (await bulk({ ids: [ids.fine], action: { type: 'status', status: 'pending' } }, driverUser))
        .statusCode,
    ).toBe(403);
  });

  it('shows today and the next 7 days by default (excluding older and later jobs)', async () => {
    const answer = await list();
    expect(names(answer)).not.toContain('farAway');
    expect(names(answer)).not.toContain('yesterday');
    expect(names(answer)).toEqual(
      expect.arrayContaining(['soonPending', 'laterPending', 'offShift', 'fine']),
    );
  });

  it('reads From alone as a week from it, not up to the default end before it', async () => {
    const perthDate = (date: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(date);
    const from = perthDate(at(24 * 9));
    const answer = await list(`?from=${from}`);
    expect(answer.range.from).toBe(from);
    expect(answer.range.to > from).toBe(true);
    expect(names(answer)).toEqual(['farAway']);
  });

  it('filters by status, driver, vehicle type, account, source and text, and combines them', async () => {
    const range = '?from=2000-01-01&to=2099-12-31';
    expect(names(await list(`${range}&status=pending`))).toEqual([
      'farAway',
      'laterPending',
      'soonPending',
      'yesterday',
    ]);
    expect(
      names(await list(`${range}&driver=none&status=pending&vehicleType=Multivan%206`)),
    ).toEqual(['laterPending']);
    expect(names(await list(`${range}&driver=${onShiftId}`))).toEqual([
      'done',
      'fine',
      'latePickup',
    ]);
    expect(names(await list(`${range}&account=acme`))).toEqual(['latePickup']);
    expect(names(await list(`${range}&source=online`))).toEqual(['laterPending']);
    expect(names(await list(`${range}&q=${encodeURIComponent('0412 345 678')}`))).toEqual([
      'soonPending',
    ]);
    expect(names(await list(`${range}&q=harriet&status=assigned`))).toEqual([]);
    expect(
      names(await list(`${range}&driver=${onShiftId}&status=assigned,completed&q=fine`)),
    ).toEqual(['fine']);
  });

  it('matches free text word by word, in any order and any field, but no word across two', async () => {
    const range = '?from=2000-01-01&to=2099-12-31';
    const found = async (q: string) =>
      names(await list(`${range}&q=${encodeURIComponent(q)}`)).filter((name) => name === 'fine');
    expect(await found('fine street, Perth')).toEqual(['fine']);
    // A name typed surname first, and a space typed twice.
    expect(await found('Passenger fine')).toEqual(['fine']);
    expect(await found('fine Passenger')).toEqual(['fine']);
    expect(await found('fine   street')).toEqual(['fine']);
    // Words from the pickup and the dropoff.
    expect(await found('Airport fine')).toEqual(['fine']);
    // The joined text puts a line break between fields: no word runs across it.
    expect(await found('PerthPerth')).toEqual([]);
    expect(await found('fine nowhere')).toEqual([]);
  });

  it('matches free text ignoring accents, typed or stored (decision 92)', async () => {
    const range = '?from=2000-01-01&to=2099-12-31';
    const added = await t.connection.db
      .insert(bookings)
      .values(
        [
          ['Zoë Ånström', 'Café Bonjour, 12 Hay St, Perth', ''],
          ['Zoe Bennett', 'Hay St, Perth', ''],
          ['Thi Nguyễn', 'Kings Park', 'Meet at the Crêperie'],
        ].map(([passengerName, pickupLocation, notes], index) => ({
          reference: `JOBACC${index}`,
          pickupTime: at(2),
          pickupLocation: pickupLocation!,
          dropoffLocation: 'Perth Airport',
          passengerName: passengerName!,
          notes: notes!,
        })),
      )
      .returning({ id: bookings.id, passengerName: bookings.passengerName });
    const found = async (q: string) =>
      (await list(`${range}&q=${encodeURIComponent(q)}`)).jobs
        .map((job) => added.find((row) => row.id === job.id)?.passengerName ?? job.id)
        .sort();
    try {
      expect(await found('zoe')).toEqual(['Zoe Bennett', 'Zoë Ånström']);
      expect(await found('Zoë')).toEqual(['Zoe Bennett', 'Zoë Ånström']);
      expect(await found('anstrom')).toEqual(['Zoë Ånström']);
      expect(await found('nguyen')).toEqual(['Thi Nguyễn']);
      expect(await found('cafe bonjour')).toEqual(['Zoë Ånström']);
      expect(await found('creperie')).toEqual(['Thi Nguyễn']);
    } finally {
      const ids = added.map((row) => row.id);
      await t.connection.db.delete(bookings).where(inArray(bookings.id, ids));
    }
  });

  it('counts each status and the jobs needing attention within the other filters', async () => {
    const answer = await list('?from=2000-01-01&to=2099-12-31&status=completed');
    expect(answer.total).toBe(1);
    expect(answer.counts.byStatus).toMatchObject({ pending: 4, assigned: 3, completed: 1 });
    expect(answer.counts.all).toBe(8);
    expect(answer.counts.attention).toBe(4);
  });

  it("the 'Needs attention' filter gives exactly the jobs the domain rules flag", async () => {
    const all = await list('?from=2000-01-01&to=2099-12-31&limit=200');
    const flagged = all.jobs.filter((job) => job.attention.length > 0).map((job) => job.id);
    const filtered = await list('?from=2000-01-01&to=2099-12-31&attention=true');
    expect(filtered.jobs.map((job) => job.id).sort()).toEqual(flagged.sort());
    expect(names(filtered)).toEqual(['latePickup', 'offShift', 'soonPending', 'yesterday']);
    const offShift = all.jobs.find((job) => job.id === ids.offShift)!;
    expect(offShift.attention).toEqual(['driver-off-shift']);
    expect(
      attentionReasons(
        { status: 'pending', pickupTime: new Date(offShift.pickupTime), driver: null },
        new Date(),
      ),
    ).toEqual(['unassigned-soon']);
  });

  it('watches a suspended driver finishing the ride on board by their position, not as off shift', async () => {
    const db = t.connection.db;
    const [finishing] = await db
      .insert(drivers)
      .values({
        firstName: 'Fay',
        lastName: 'Finishing',
        status: 'suspended',
        locationUpdatedAt: new Date(),
      })
      .returning();
    const made = await db
      .insert(bookings)
      .values(
        (['on-board', 'arrived'] as const).map((status, index) => ({
          reference: `JOBSUS${index}`,
          pickupTime: at(-0.25),
          pickupLocation: 'Hay St, Perth',
          dropoffLocation: 'Perth Airport',
          status,
          driverId: finishing!.id,
          passengerName: `Passenger ${status}`,
        })),
      )
      .returning({ id: bookings.id, status: bookings.status });
    const aboard = made.find((row) => row.status === 'on-board')!.id;
    const waiting = made.find((row) => row.status === 'arrived')!.id;
    const flagged = async () => {
      const all = await list('?from=2000-01-01&to=2099-12-31&limit=200');
      const filtered = await list('?from=2000-01-01&to=2099-12-31&attention=true&limit=200');
      const reasons = (id: string) => all.jobs.find((job) => job.id === id)!.attention;
      const inFilter = (id: string) => filtered.jobs.some((job) => job.id === id);
      return {
        aboard: [reasons(aboard), inFilter(aboard)],
        waiting: [reasons(waiting), inFilter(waiting)],
      };
    };
    try {
      // Sharing the position: nothing to do. A job not yet aboard is theirs no more to do.
      expect(await flagged()).toEqual({
        aboard: [[], false],
        waiting: [['driver-off-shift'], true],
      });
      await db
        .update(drivers)
        .set({ locationUpdatedAt: at(-0.5) })
        .where(eq(drivers.id, finishing!.id));
      expect((await flagged()).aboard).toEqual([['driver-stale'], true]);
    } finally {
      await db.delete(bookings).where(
        inArray(
          bookings.id,
          made.map((row) => row.id),
        ),
      );
      await db.delete(drivers).where(eq(drivers.id, finishing!.id));
    }
  });

  it('sorts by fare and pages by cursor', async () => {
    const first = await list('?from=2000-01-01&to=2099-12-31&sort=fare&dir=desc&limit=2');
    expect(names(first)).toEqual(['latePickup', 'offShift']);
    expect(first.total).toBe(8);
    expect(first.previousCursor).toBeNull();
    const cursor = encodeURIComponent(first.nextCursor!);
    const second = await list(
      `?from=2000-01-01&to=2099-12-31&sort=fare&dir=desc&limit=2&cursor=${cursor}`,
    );
    expect(second.jobs.map((job) => job.fareAmount)).toEqual([55.5, 0]);
    expect(second.total).toBe(8);
  });

  it('answers bad filters with a 400 naming the field', async () => {
    const status = await get('/api/jobs?status=flying');
    expect(status.statusCode).toBe(400);
    expect(status.body).toContain('status');
    const backwards = await get('/api/jobs?from=2030-02-01&to=2030-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('to');
    expect((await get('/api/jobs?driver=someone')).statusCode).toBe(400);
    // Offset paging is gone: refused, not ignored (a client would read page 1 forever).
    const offset = await get('/api/jobs?offset=50');
    expect(offset.statusCode).toBe(400);
    expect(offset.body).toContain('offset');
  });

  it('exports the filtered jobs as CSV with formulas neutralised', async () => {
    const response = await get(
      '/api/jobs/export.csv?from=2000-01-01&to=2099-12-31&status=completed',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const parsed = Papa.parse<string[]>(response.body.trim());
    const [header, row] = parsed.data as [string[], string[]];
    expect(parsed.data).toHaveLength(2);
    // The passenger name is an export column: a spreadsheet must show it as text, not run it.
    expect(row[header.indexOf('Passenger')]).toBe('\'=HYPERLINK("http://evil.test","Refund")');
    expect(row[header.indexOf('Reference')]).toBe('JOB006');
    expect(row.every((cell) => !/^[=+\-@]/.test(cell))).toBe(true);
  });

  it('keeps the CSV export to dispatch', async () => {
    const url = '/api/jobs/export.csv?from=2000-01-01&to=2099-12-31';
    expect((await get(url, driverUser)).statusCode).toBe(403);
    expect((await get(url, null)).statusCode).toBe(401);
    const admin = await t.createUser({ role: 'admin' });
    expect((await get(url, admin)).statusCode).toBe(403);
  });
});

describe('GET /api/jobs, page by page', () => {
  // Seven jobs at one pickup time (and fares, drivers, statuses that tie),
  // alone in their month: every sort must still page them without a gap or
  // a repeat, forward and back.
  const RANGE = 'from=2090-03-01&to=2090-03-31';
  const SAME_TIME = new Date('2090-03-10T01:00:00Z');
  const SHUTTLE_RUN = '5a5a5a5a-0000-4000-8000-000000000001';
  const tied: string[] = [];

  beforeAll(async () => {
    const db = t.connection.db;
    // Three of them are a shuttle run's stops, whose ids sort against their order.
    const run = (sequence: number) => ({
      id: `5a5a5a5a-0000-4000-8000-00000000010${9 - sequence}`,
      shuttleRunId: SHUTTLE_RUN,
      shuttleSequence: sequence,
    });
    const plan = [
      { fareAmount: '50.00', status: 'pending', driverId: null, passengerName: 'Zed' },
      {
        fareAmount: '50.00',
        status: 'assigned',
        driverId: onShiftId,
        passengerName: 'amy',
        ...run(2),
      },
      { fareAmount: '70.00', status: 'pending', driverId: null, passengerName: 'Amy' },
      {
        fareAmount: '50.00',
        status: 'assigned',
        driverId: offShiftId,
        passengerName: 'Bo~b',
        ...run(1),
      },
      { fareAmount: '10.00', status: 'pending', driverId: null, passengerName: '' },
      { fareAmount: '70.00', status: 'assigned', driverId: onShiftId, passengerName: 'Cy' },
      { fareAmount: '50.00', status: 'pending', driverId: null, passengerName: 'Zed', ...run(0) },
    ] as const;
    for (const [index, values] of plan.entries()) {
      const [row] = await db
        .insert(bookings)
        .values({
          ...values,
          reference: `TIE${index}`,
          pickupTime: SAME_TIME,
          pickupLocation: 'Tie street, Perth',
          dropoffLocation: 'Perth Airport',
        })
        .returning();
      tied.push(row!.id);
    }
  });

  /** Every page from the first by nextCursor, then back from the last by previousCursor. */
  async function pageThrough(sortQuery: string) {
    const forward: string[][] = [];
    let answer = await list(`?${RANGE}&${sortQuery}&limit=2`);
    expect(answer.previousCursor).toBeNull();
    forward.push(answer.jobs.map((job) => job.id));
    while (answer.nextCursor) {
      answer = await list(
        `?${RANGE}&${sortQuery}&limit=2&cursor=${encodeURIComponent(answer.nextCursor)}`,
      );
      expect(answer.total).toBe(7);
      forward.push(answer.jobs.map((job) => job.id));
    }
    const backward: string[][] = [answer.jobs.map((job) => job.id)];
    while (answer.previousCursor) {
      answer = await list(
        `?${RANGE}&${sortQuery}&limit=2&cursor=${encodeURIComponent(answer.previousCursor)}`,
      );
      backward.unshift(answer.jobs.map((job) => job.id));
    }
    return { forward, backward };
  }

  it.each(['pickupTime', 'reference', 'passenger', 'status', 'driver', 'fare'])(
    'pages every job sorted by %s once, each way, the last page without a next cursor',
    async (sort) => {
      for (const dir of ['asc', 'desc']) {
        const sortQuery = `sort=${sort}&dir=${dir}`;
        const whole = (await list(`?${RANGE}&${sortQuery}&limit=200`)).jobs.map((job) => job.id);
        expect(whole.slice().sort()).toEqual(tied.slice().sort());
        const { forward, backward } = await pageThrough(sortQuery);
        expect(forward.map((page) => page.length)).toEqual([2, 2, 2, 1]);
        expect(forward.flat()).toEqual(whole);
        // Back from the last page: the first page comes back full (two), as first read.
        expect(backward.flat().slice(0, 2)).toEqual(whole.slice(0, 2));
        expect(new Set(backward.flat()).size).toBe(backward.flat().length);
        expect(
          backward
            .flat()
            .every(
              (id, index, all) => index === 0 || whole.indexOf(id) > whole.indexOf(all[index - 1]!),
            ),
        ).toBe(true);
      }
    },
  );

  it("lists a shuttle run's stops, which share a pickup time, in their order, and pages across them", async () => {
    const stops = [tied[6], tied[3], tied[1]];
    const inRun = (jobs: string[]) => jobs.filter((id) => stops.includes(id));
    const ascending = (await list(`?${RANGE}&limit=200`)).jobs.map((job) => job.id);
    expect(inRun(ascending)).toEqual(stops);
    const descending = (await list(`?${RANGE}&dir=desc&limit=200`)).jobs.map((job) => job.id);
    expect(inRun(descending)).toEqual(stops.slice().reverse());
    // A page a stop at a time: each cursor carries the stop's place.
    const { forward } = await pageThrough('sort=pickupTime&dir=asc');
    expect(inRun(forward.flat())).toEqual(stops);
    // Sorted by another column, a run's stops that tie on it keep their order too.
    const byFare = (await list(`?${RANGE}&sort=fare&limit=200`)).jobs.map((job) => job.id);
    expect(inRun(byFare)).toEqual(stops);
  });

  it('keeps jobs without a driver after every name ascending, before them descending', async () => {
    const ascending = await list(`?${RANGE}&sort=driver&limit=200`);
    const names = ascending.jobs.map((job) => job.driver?.lastName ?? null);
    expect(names).toEqual(['Offshift', 'Onshift', 'Onshift', null, null, null, null]);
    const descending = await list(`?${RANGE}&sort=driver&dir=desc&limit=200`);
    expect(descending.jobs.map((job) => job.driver?.lastName ?? null)).toEqual(
      names.slice().reverse(),
    );
  });

  it('answers a tampered or foreign cursor with a 400 naming cursor, never a 500', async () => {
    const first = await list(`?${RANGE}&sort=fare&limit=2`);
    const fareCursor = first.nextCursor!;
    const atAndId = fareCursor.slice(fareCursor.indexOf('~') + 1);
    for (const [query, why] of [
      ['cursor=page-2', 'not a cursor'],
      [`cursor=${encodeURIComponent(fareCursor)}`, 'a fare cursor with the pickup-time sort'],
      [`sort=fare&cursor=${encodeURIComponent(`=lots~${atAndId}`)}`, 'a fare that is no number'],
      [`sort=status&cursor=${encodeURIComponent(`=flying~${atAndId}`)}`, 'no status'],
      [`sort=fare&cursor=${encodeURIComponent(`!~${atAndId}`)}`, 'a null fare'],
      [`sort=fare&cursor=${encodeURIComponent(fareCursor.replace(/T\d\d/, 'T25'))}`, 'hour 25'],
      [`cursor=${'9'.repeat(500)}`, 'too long'],
    ]) {
      const response = await get(`/api/jobs?${RANGE}&${query}`);
      expect(response.statusCode, why).toBe(400);
      expect(response.body, why).toContain('cursor');
    }
    // Well formed but past every job (or of a job since deleted): an empty last page.
    const past = `sort=fare&cursor=${encodeURIComponent(`=99999.00~2099-01-01T00:00:00.000000Z~${tied[0]}`)}`;
    const answer = await list(`?${RANGE}&${past}`);
    expect(answer.jobs).toEqual([]);
    expect(answer.nextCursor).toBeNull();
  });

  it('goes back to a full first page when jobs came or went before the page shown', async () => {
    const whole = (await list(`?${RANGE}&limit=200`)).jobs.map((job) => job.id);
    const first = await list(`?${RANGE}&limit=3`);
    const second = await list(`?${RANGE}&limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.jobs.map((job) => job.id)).toEqual(whole.slice(3, 6));
    // As if the second page began at the second job (the jobs before it gone): one
    // job lies before it, so Previous gives the first page, full, with no Previous.
    const shortBack = second.previousCursor!.replace(whole[3]!, whole[1]!);
    const back = await list(`?${RANGE}&limit=3&cursor=${encodeURIComponent(shortBack)}`);
    expect(back.jobs.map((job) => job.id)).toEqual(whole.slice(0, 3));
    expect(back.previousCursor).toBeNull();
    expect(back.nextCursor).toBe(first.nextCursor);
  });
});

describe('POST /api/jobs/bulk', () => {
  it('assigns the jobs the lifecycle allows and reports the others, in one request', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await bulk({
      ids: [ids.laterPending, ids.done, missing],
      action: { type: 'assign', driverId: onShiftId },
    });
    expect(response.statusCode, response.body).toBe(200);
    const results: BulkJobResult[] = response.json().results;
    expect(results.map((row) => row.isDone)).toEqual([true, false, false]);
    expect(results[1]!.message).toContain('completed');
    expect(results[2]!.message).toBe('Booking not found.');
    const [row] = await t.connection.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, ids.laterPending!));
    expect(row).toMatchObject({ status: 'assigned', driverId: onShiftId });
  });

  it('refuses every row for a suspended driver, changing nothing', async () => {
    const response = await bulk({
      ids: [ids.farAway],
      action: { type: 'assign', driverId: suspendedId },
    });
    expect(response.json().results[0]).toMatchObject({ isDone: false });
    expect(response.json().results[0].message).toContain('suspended');
    const [row] = await t.connection.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, ids.farAway!));
    expect(row!.status).toBe('pending');
  });

  it('changes status only where the lifecycle allows', async () => {
    const response = await bulk({
      ids: [ids.latePickup, ids.soonPending],
      action: { type: 'status', status: 'en-route' },
    });
    expect(response.json().results.map((row: BulkJobResult) => row.isDone)).toEqual([true, false]);
    expect(response.json().results[1].message).toBe(
      'A booking cannot go from pending to en-route.',
    );
  });

  it('cancels with a reason recorded on the cancellation event', async () => {
    const response = await bulk({
      ids: [ids.yesterday, ids.done],
      action: { type: 'cancel', reason: 'Customer called to cancel' },
    });
    expect(response.json().results.map((row: BulkJobResult) => row.isDone)).toEqual([true, false]);
    const events = await t.connection.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, ids.yesterday!));
    const cancel = events.find((event) => event.toStatus === 'cancelled');
    expect(cancel?.changes).toMatchObject({ reason: 'Customer called to cancel' });
  });

  it('answers a bad action with a 400 naming the field', async () => {
    const response = await bulk({ ids: [ids.fine], action: { type: 'cancel', reason: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('reason');
    expect(
      (await bulk({ ids: [], action: { type: 'status', status: 'pending' } })).statusCode,
    ).toBe(400);
  });
});
