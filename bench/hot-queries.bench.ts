// EXPLAIN ANALYZE of each hot query on a year of bookings (issue 14, "A year
// of bookings"): PostgreSQL with 500,000 bookings, 50,000 customers and 3
// million events (bench/jobs.bench.ts generates them), about one past booking
// in a thousand left pending (what the overdue alert finds). Each case runs
// the repository call the route makes; its statements are recorded from the
// pool and explained, after p50/p99 of 20 runs. `npm run bench hot-queries`
// (BENCH_BOOKINGS overrides the size; BENCH_KEEP_DATABASE=<name> reuses a
// database the jobs bench or an earlier run generated).
import os from 'node:os';
import { BookingListQuerySchema } from '../src/domain/bookings';
import { JobHistoryQuerySchema } from '../src/domain/dispatch';
import { connectPostgres, type Connection } from '../src/server/db/connect';
import { loadAlerts } from '../src/server/features/admin/alerts';
import { listBookings } from '../src/server/features/bookings/booking-read-model';
import { listJobHistory } from '../src/server/features/bookings/job-history-repository';
import {
  bookingCustomerParts,
  listCustomers,
} from '../src/server/features/customers/customers-repository';
import { search } from '../src/server/features/search/search-repository';
import { explainAnalyze, generate, recordQueries } from './jobs.bench';
import { withTemporaryPostgres } from './temporary-postgres';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 500_000);
const RUNS = 20;
const TIME_ZONE = 'Australia/Perth';

type Case = { name: string; run: () => Promise<unknown> };

async function cases(connection: Connection): Promise<Case[]> {
  const { db } = connection;
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const tomorrow = new Date(today.getTime() + 86_400_000);
  const firstPage = await listJobHistory(db, JobHistoryQuerySchema.parse({}));
  let cursor = firstPage.nextCursor;
  for (let page = 0; page < 200 && cursor; page++) {
    cursor = (await listJobHistory(db, JobHistoryQuerySchema.parse({ cursor, limit: '100' })))
      .nextCursor;
  }
  return [
    {
      name: "Bookings list: a day's dispatch list, limit 50",
      run: () =>
        listBookings(
          db,
          BookingListQuerySchema.parse({
            from: today.toISOString(),
            to: tomorrow.toISOString(),
            limit: '50',
          }),
          { kind: 'all' },
        ),
    },
    {
      name: 'Dashboard alerts (overdue pending and the rest)',
      run: () => loadAlerts(db, { now: new Date(), timeZone: TIME_ZONE }),
    },
    {
      name: 'Job History: first page',
      run: () => listJobHistory(db, JobHistoryQuerySchema.parse({})),
    },
    {
      name: 'Job History: page 200 (keyset cursor)',
      run: () => listJobHistory(db, JobHistoryQuerySchema.parse({ cursor: cursor ?? undefined })),
    },
    { name: "Search: surname 'Walker'", run: () => search(db, 'Walker', 'Australia/Perth') },
    {
      name: "Customers: search 'walker', limit 50",
      run: () => listCustomers(db, { q: 'walker', limit: 50, offset: 0 }),
    },
    {
      // What a booking for a new customer asks inside its transaction (decision 125).
      name: "New booking's customer: a phone and an email nobody has",
      run: () =>
        db.execute(
          bookingCustomerParts({
            kind: 'contact',
            contact: {
              fullName: 'Nobody Known',
              phone: '+61499999999',
              email: 'nobody.known@example.com',
            },
          }).found,
        ),
    },
  ];
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export default async function hotQueriesBench(): Promise<void> {
  await withTemporaryPostgres(
    'hot_queries',
    async (url) => {
      let connection: Connection | null = null;
      try {
        connection = await connectPostgres(url);
        await connection.migrate();
        const pool = connection.pool!;
        const started = performance.now();
        // A kept database (BENCH_KEEP_DATABASE) that holds bookings is reused as it is.
        const hasBookings = (await pool.query('select 1 from bookings limit 1')).rows.length > 0;
        if (!hasBookings) await generate(connection, BOOKINGS);
        await pool.query(
          `update bookings set status = 'pending', driver_id = null
       where pickup_time < now() - interval '1 hour' and abs(hashtext(reference)) % 1000 = 0
         and status <> 'pending'`,
        );
        await pool.query('vacuum analyze bookings');
        const { rows } = await pool.query('select count(*)::int as n from bookings');
        console.log(
          hasBookings
            ? `PostgreSQL, ${rows[0].n} bookings (kept database, generated earlier)`
            : `PostgreSQL, ${BOOKINGS} bookings generated in ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
        for (const item of await cases(connection)) {
          await item.run();
          const times: number[] = [];
          for (let run = 0; run < RUNS; run++) {
            const start = performance.now();
            await item.run();
            times.push(performance.now() - start);
          }
          times.sort((a, b) => a - b);
          console.log(
            `\n### ${item.name}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ` +
              `${percentile(times, 0.99).toFixed(1)} ms (load average ${os.loadavg()[0]!.toFixed(1)})`,
          );
          for (const query of await recordQueries(pool, item.run)) {
            console.log(`\n${query.text}\n`);
            console.log(await explainAnalyze(pool, query));
          }
        }
      } finally {
        await connection?.close();
      }
    },
    { keepable: true },
  );
}
