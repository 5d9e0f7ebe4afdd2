// Jobs Overview, Timeline and Search on a year of bookings (issue 13):
// PostgreSQL with 500,000 bookings, 50,000 customers, 100 drivers and 3
// million booking events; PGlite with 50,000 bookings. Server time of each
// query (the repository call, as the route makes it), p50 and p99, and
// EXPLAIN ANALYZE of the slowest on PostgreSQL. `npm run bench jobs`.
// BENCH_BOOKINGS / BENCH_PGLITE_BOOKINGS override the sizes; BENCH_CASES=Jobs runs
// only the cases whose name starts with it, BENCH_SKIP_PGLITE=1 only PostgreSQL.
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { JobsQuerySchema, type JobsQueryInput } from '../src/domain/jobs';
import { TimelineQuerySchema } from '../src/domain/timeline';
import {
  connectPostgres,
  PGLITE_EXTENSIONS,
  wrapPglite,
  type Connection,
} from '../src/server/db/connect';
import { pgliteDurabilityOptions } from '../src/server/db/pglite-durability';
import { listJobs } from '../src/server/features/jobs/jobs-repository';
import { search } from '../src/server/features/search/search-repository';
import { withTemporaryPostgres } from './temporary-postgres';
import { listTimeline } from '../src/server/features/timeline/timeline-repository';

const POSTGRES_BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 500_000);
const PGLITE_BOOKINGS = Number(process.env.BENCH_PGLITE_BOOKINGS ?? 50_000);
const CUSTOMERS = 50_000;
const DRIVERS = 100;
const EVENTS_PER_BOOKING = 6;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TIME_ZONE = 'Australia/Perth';

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function exec(connection: Connection, text: string) {
  await connection.db.execute(sql.raw(text));
}

/** A year of bookings around today, made inside the database (fast on both). */
export async function generate(connection: Connection, bookingCount: number) {
  await exec(
    connection,
    `insert into customers (first_name, last_name, phone, email)
     select (array['Ada','Ben','Cleo','Dan','Eve','Finn','Grace','Hugo','Isla','Jack'])[1 + i % 10] || i,
            (array['Smith','Nguyen','Brown','Wilson','Taylor','Chen','Singh','Walker'])[1 + i % 8],
            '+614' || lpad((10000000 + i)::text, 8, '0'), 'c' || i || '@example.com'
     from generate_series(1, ${CUSTOMERS}) i`,
  );
  await exec(
    connection,
    `insert into vehicles (type, make, model, registration, seats)
     select (array['Standard HUG','Multivan 6','Imax 7'])[1 + i % 3], 'Toyota', 'Camry', '1BN' || lpad(i::text, 4, '0'), 7
     from generate_series(1, ${DRIVERS}) i`,
  );
  await exec(
    connection,
    `insert into drivers (first_name, last_name, phone, status, vehicle_id, location_updated_at)
     select 'Driver' || v.n, (array['Smith','Jones','Patel','Kelly'])[1 + v.n % 4], '04' || lpad((20000000 + v.n)::text, 8, '0'),
            case when v.n % 4 = 0 then 'offline' else 'active' end, v.id, now()
     from (select id, row_number() over (order by registration) n from vehicles) v`,
  );
  const secondsApart = (365 * 86_400) / bookingCount;
  await exec(
    connection,
    `with c as (select id, row_number() over (order by id) n from customers),
          d as (select id, row_number() over (order by id) n from drivers),
          s as (select i, now() - interval '182 days' + (i * ${secondsApart}) * interval '1 second' as t
                from generate_series(1, ${bookingCount}) i)
     insert into bookings (reference, customer_id, driver_id, pickup_time, pickup_location, dropoff_location,
       status, fare_amount, passenger_name, phone, vehicle_type, notes, source, account_code, assigned_at)
     select 'B' || upper(lpad(to_hex(s.i), 7, '0')), c.id,
       case when s.t > now() and s.i % 3 = 0 then null else d.id end, s.t,
       (s.i % 900) || ' ' || (array['Hay St','Murray St','Wellington St','Albany Hwy','Canning Hwy','Stirling Hwy','Beaufort St','Scarborough Beach Rd','Great Eastern Hwy','Marine Pde'])[1 + (s.i / 7) % 10]
         || ', ' || (array['Perth','Fremantle','Subiaco','Joondalup','Midland','Cottesloe','Scarborough','Victoria Park','Armadale','Rockingham','Mandurah','Leederville'])[1 + (s.i / 3) % 12] || ' WA',
       (array['Perth Airport T1','Perth Airport T3','Elizabeth Quay','Crown Towers Perth','Optus Stadium','Fremantle Prison','Kings Park','Royal Perth Hospital'])[1 + s.i % 8],
       case when s.t > now() then (case when s.i % 3 = 0 then 'pending' else 'assigned' end)
            when s.i % 20 = 0 then 'cancelled' else 'completed' end,
       (40 + s.i % 120)::numeric, (array['Ada','Ben','Cleo','Dan','Eve','Finn','Grace','Hugo','Isla','Jack'])[1 + s.i % 10] || (s.i % ${CUSTOMERS} + 1) || ' ' || (array['Smith','Nguyen','Brown','Wilson','Taylor','Chen','Singh','Walker'])[1 + s.i % 8],
       '+614' || lpad((10000000 + s.i % ${CUSTOMERS} + 1)::text, 8, '0'),
       (array['Standard HUG','Multivan 6','Imax 7'])[1 + s.i % 3],
       case when s.i % 11 = 0 then 'Flight QF' || (s.i % 900) else '' end,
       (array['dispatch','online','multi','import','api'])[1 + s.i % 5],
       case when s.i % 13 = 0 then 'ACME' else null end,
       -- The 'assigned' event's time below (k = 2), as migration 0021's trigger would set it:
       -- set here, the trigger finds the booking right and rewrites none of 500,000 rows.
       s.t - interval '1 day' + 2 * interval '10 minutes'
     from s join c on c.n = s.i % ${CUSTOMERS} + 1 join d on d.n = s.i % ${DRIVERS} + 1`,
  );
  await exec(
    connection,
    `insert into booking_events (booking_id, driver_id, type, from_status, to_status, occurred_at)
     select b.id, b.driver_id, (array['created','assigned','status','status','status','updated'])[k],
            null, (array['pending','assigned','en-route','arrived','on-board',null])[k],
            b.pickup_time - interval '1 day' + k * interval '10 minutes'
     from bookings b cross join generate_series(1, ${EVENTS_PER_BOOKING}) k`,
  );
  // VACUUM as autovacuum would have: trigram (GIN) indexes hold rows inserted
  // after their creation in a pending list that makes the planner shun them.
  await exec(connection, 'vacuum analyze');
}

type Case = { name: string; run: () => Promise<unknown> };

export function cases(connection: Connection, driverId: string): Case[] {
  const { db } = connection;
  const listPage = (input: JobsQueryInput) =>
    listJobs(db, JobsQuerySchema.parse(input), { now: new Date(), timeZone: TIME_ZONE });
  const jobs = (input: JobsQueryInput) => () => listPage(input);
  /** Page `page` of the list, reached once (on the untimed first run) by following nextCursor. */
  const jobsPage = (input: JobsQueryInput, page: number) => {
    let cursor: string | undefined;
    return async () => {
      if (cursor === undefined) {
        let answer = await listPage(input);
        for (let index = 2; index <= page; index += 1) {
          if (!answer.nextCursor) throw new Error(`the list ends before page ${index}`);
          cursor = answer.nextCursor;
          if (index < page) answer = await listPage({ ...input, cursor });
        }
      }
      return listPage({ ...input, cursor });
    };
  };
  return [
    { name: 'Jobs: first page (today + 7 days)', run: jobs({}) },
    { name: 'Jobs: status pending', run: jobs({ status: 'pending' }) },
    { name: 'Jobs: needs attention', run: jobs({ attention: 'true' }) },
    { name: 'Jobs: one driver', run: jobs({ driver: driverId }) },
    { name: 'Jobs: unassigned', run: jobs({ driver: 'none' }) },
    { name: 'Jobs: vehicle type', run: jobs({ vehicleType: 'Imax 7' }) },
    { name: 'Jobs: account', run: jobs({ account: 'ACME' }) },
    { name: 'Jobs: source', run: jobs({ source: 'online' }) },
    { name: 'Jobs: free text (name)', run: jobs({ q: 'Grace' }) },
    { name: 'Jobs: free text (phone)', run: jobs({ q: '0410 012 345' }) },
    // Decision 98: a name typed surname first is matched word by word.
    { name: 'Jobs: free text (two words)', run: jobs({ q: 'Walker Hugo' }) },
    { name: 'Jobs: sort by fare, page 5', run: jobsPage({ sort: 'fare', dir: 'desc' }, 5) },
    { name: 'Jobs: a past month', run: jobs({ from: '2026-07-01', to: '2026-07-31' }) },
    {
      name: 'Jobs: a past month, page 50',
      run: jobsPage({ from: '2026-07-01', to: '2026-07-31' }, 50),
    },
    {
      name: 'Timeline: first page',
      run: () => listTimeline(db, TimelineQuerySchema.parse({}), TIME_ZONE),
    },
    {
      name: 'Timeline: one driver, assigned',
      run: () =>
        listTimeline(
          db,
          TimelineQuerySchema.parse({ driver: driverId, type: 'assigned' }),
          TIME_ZONE,
        ),
    },
    { name: 'Search: surname', run: () => search(db, 'Walker', 'Australia/Perth') },
    {
      name: 'Search: phone, local format',
      run: () => search(db, '0410 012 345', 'Australia/Perth'),
    },
    { name: 'Search: plate', run: () => search(db, '1bn0042', 'Australia/Perth') },
    { name: 'Search: typo', run: () => search(db, 'Wlaker', 'Australia/Perth') },
    { name: 'Search: address', run: () => search(db, 'Elizabeth Quay', 'Australia/Perth') },
  ];
}

async function measure(label: string, connection: Connection, bookingCount: number, fresh = true) {
  const started = performance.now();
  if (fresh) await generate(connection, bookingCount);
  else await exec(connection, 'analyze');
  console.log(
    `${label}: ${bookingCount} bookings, ${bookingCount * EVENTS_PER_BOOKING} events, ` +
      `${CUSTOMERS} customers, ${DRIVERS} drivers generated in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const [driver] = (
    (await connection.db.execute(sql`select id from drivers order by id limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const results: { name: string; p50: number; p99: number }[] = [];
  // BENCH_CASES=<prefix>: only the cases whose name starts with it (e.g. "Jobs").
  const only = process.env.BENCH_CASES;
  for (const item of cases(connection, driver!.id)) {
    if (only && !item.name.startsWith(only)) continue;
    await item.run();
    const times: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const start = performance.now();
      await item.run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const row = { name: item.name, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
    results.push(row);
    console.log(
      `  ${row.name.padEnd(36)} p50 ${row.p50.toFixed(1).padStart(7)} ms   p99 ${row.p99.toFixed(1).padStart(7)} ms`,
    );
  }
  return results;
}

export type RecordedQuery = { text: string; values: unknown[]; ms: number };

/** Runs `run` and returns every query it sent through the pool, with its time. */
export async function recordQueries(
  pool: pg.Pool,
  run: () => Promise<unknown>,
): Promise<RecordedQuery[]> {
  const seen: RecordedQuery[] = [];
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = async (...args: unknown[]) => {
    const config = args[0] as { text?: string; values?: unknown[] } | string;
    const start = performance.now();
    const result = await original(...args);
    const text = typeof config === 'string' ? config : (config.text ?? '');
    const values =
      (typeof config === 'string' ? undefined : config.values) ?? (args[1] as unknown[]) ?? [];
    seen.push({ text, values, ms: performance.now() - start });
    return result;
  };
  try {
    await run();
  } finally {
    (pool as unknown as { query: unknown }).query = original;
  }
  return seen;
}

/** EXPLAIN (ANALYZE, BUFFERS) of one recorded query, as lines. */
export async function explainAnalyze(pool: pg.Pool, query: RecordedQuery): Promise<string> {
  const plan = await pool.query(`explain (analyze, buffers) ${query.text}`, query.values);
  return plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
}

/** Records the SQL a case sends, to EXPLAIN ANALYZE the slowest query of the slowest case. */
async function explainSlowest(connection: Connection, slowest: Case) {
  const pool = connection.pool!;
  const seen = await recordQueries(pool, slowest.run);
  const worst = seen.sort((a, b) => b.ms - a.ms)[0];
  if (!worst) return;
  console.log(`\nEXPLAIN ANALYZE of the slowest query in "${slowest.name}":\n${worst.text}\n`);
  console.log(await explainAnalyze(pool, worst));
}

export default async function jobsBench(): Promise<void> {
  console.log(`(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs)`);
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    // Opened as the app opens it (its memory settings, decision 67).
    const connection = wrapPglite(
      await PGlite.create({ extensions: PGLITE_EXTENSIONS, ...pgliteDurabilityOptions('relaxed') }),
    );
    try {
      await connection.migrate();
      await measure('PGlite (in memory)', connection, PGLITE_BOOKINGS);
    } finally {
      await connection.close();
    }
  }

  // BENCH_KEEP_DATABASE=<name>: generate into that database once and keep it,
  // so a later run (after a migration) measures the same rows.
  await withTemporaryPostgres(
    'jobs',
    async (url) => {
      let connection: Connection | null = null;
      try {
        connection = await connectPostgres(url);
        await connection.migrate();
        const generated =
          (await connection.pool!.query('select 1 from bookings limit 1')).rows.length > 0;
        const results = await measure('PostgreSQL', connection, POSTGRES_BOOKINGS, !generated);
        const slowest = results.sort((a, b) => b.p99 - a.p99)[0]!;
        const [driver] = (
          await connection.pool!.query('select id from drivers order by id limit 1')
        ).rows;
        const item = cases(connection, driver.id).find((entry) => entry.name === slowest.name)!;
        await explainSlowest(connection, item);
      } finally {
        await connection?.close();
      }
    },
    { keepable: true },
  );
}
