// The WA booking records export (issue 11): 100,000 bookings on PostgreSQL
// streamed as CSV, the way GET /api/records/wa-bookings.csv sends them.
// Prints the time to the last byte, rows, size and the process RSS (before
// and the peak while streaming). Goal: under 10 s. `npm run bench wa-records`.
// BENCH_RECORDS overrides the size; BENCH_DATABASE_URL the server.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { connectPostgres, type Connection } from '../src/server/db/connect';
import { streamWaRecords } from '../src/server/features/records/records-repository';
import { waRecordsCsv } from '../src/server/features/records/routes';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const BOOKINGS = Number(process.env.BENCH_RECORDS ?? 100_000);
const DRIVERS = 200;
const CUSTOMERS = 20_000;
const DAYS = 90;
const RUNS = 3;

async function exec(connection: Connection, text: string) {
  await connection.db.execute(sql.raw(text));
}

/** Three months of bookings, most completed with their journey times and fare components. */
async function generate(connection: Connection) {
  await exec(
    connection,
    `insert into customers (first_name, last_name, phone, email)
     select 'Cust' || i, (array['Smith','Nguyen','Brown','Chen'])[1 + i % 4],
            '+614' || lpad((10000000 + i)::text, 8, '0'), 'c' || i || '@example.com'
     from generate_series(1, ${CUSTOMERS}) i`,
  );
  await exec(
    connection,
    `insert into vehicles (type, make, model, registration, seats, is_electric)
     select 'Standard HUG', 'Toyota', 'Camry', '1WA' || lpad(i::text, 4, '0'), 4, i % 5 = 0
     from generate_series(1, ${DRIVERS}) i`,
  );
  await exec(
    connection,
    `insert into drivers (first_name, last_name, status, vehicle_id)
     select 'Driver' || v.n, 'Record', 'offline', v.id
     from (select id, row_number() over (order by registration) n from vehicles) v`,
  );
  await exec(
    connection,
    `insert into fleet_documents (driver_id, type, number, file_key, file_name, content_type, size, uploaded_at)
     select id, 'ptd', 'PTD' || lpad((row_number() over (order by id))::text, 6, '0'), 'bench/' || id, 'ptd.pdf',
            'application/pdf', 1, now() - interval '400 days'
     from drivers`,
  );
  const secondsApart = (DAYS * 86_400) / BOOKINGS;
  await exec(
    connection,
    `with c as (select id, row_number() over (order by id) n from customers),
          d as (select id, vehicle_id, row_number() over (order by id) n from drivers),
          s as (select i, timestamptz '2030-01-01 00:00+08' + (i * ${secondsApart}) * interval '1 second' as t
                from generate_series(1, ${BOOKINGS}) i)
     insert into bookings (reference, customer_id, driver_id, vehicle_id, pickup_time, pickup_location,
       dropoff_location, status, fare_amount, passenger_name, phone, num_passengers, wheelchair_passengers,
       account_code, journey_started_at, journey_ended_at, fare_components, distance_meters, duration_seconds)
     select 'W' || upper(lpad(to_hex(s.i), 7, '0')), c.id, d.id, d.vehicle_id, s.t,
       (s.i % 900) || ' Hay St, Perth WA', 'Perth Airport T1',
       case when s.i % 20 = 0 then 'cancelled' else 'completed' end,
       (40 + s.i % 120)::numeric, 'Passenger ' || s.i, '+614' || lpad((s.i % 99999999)::text, 8, '0'),
       1 + s.i % 4, case when s.i % 50 = 0 then 1 else 0 end,
       case when s.i % 10 = 0 then 'ACME' end,
       case when s.i % 20 <> 0 then s.t + interval '3 minutes' end,
       case when s.i % 20 <> 0 then s.t + interval '35 minutes' end,
       case when s.i % 20 <> 0 then jsonb_build_object('vehicleType', 'Standard HUG', 'distanceKm', 18.2,
         'durationMinutes', 30, 'baseRateCents', 500, 'distanceCostCents', 3228, 'timeCostCents', 1500,
         'childSeatFeeCents', 0, 'minimumTopUpCents', 0, 'roundingCents', 272,
         'adjustmentCents', (40 + s.i % 120) * 100 - 5500, 'totalCents', (40 + s.i % 120) * 100) end,
       18200, 1800
     from s join c on c.n = 1 + s.i % ${CUSTOMERS} join d on d.n = 1 + s.i % ${DRIVERS}`,
  );
  await exec(connection, 'analyze');
}

async function exportOnce(connection: Connection) {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  const stream = waRecordsCsv(
    connection.db,
    { from: new Date('2030-01-01T00:00:00+08:00'), to: new Date('2030-04-02T00:00:00+08:00') },
    'Australia/Perth',
  );
  for await (const chunk of stream) {
    const text = String(chunk);
    bytes += Buffer.byteLength(text);
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, rows: lines - 1, bytes, startRss, peakRss };
}

/** The database's share: the same batches read, nothing formatted. */
async function readOnly(connection: Connection) {
  const started = performance.now();
  let rows = 0;
  for await (const batch of streamWaRecords(
    connection.db,
    { from: new Date('2030-01-01T00:00:00+08:00'), to: new Date('2030-04-02T00:00:00+08:00') },
    'Australia/Perth',
  )) {
    rows += batch.length;
  }
  return { seconds: (performance.now() - started) / 1000, rows };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export default async function waRecordsBench(): Promise<void> {
  console.log(`(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs)`);
  const name = `bench_wa_records_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `PostgreSQL: skipped, ${POSTGRES_URL} is unreachable (${(error as Error).message})`,
    );
    return;
  }
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  let connection: Connection | null = null;
  try {
    connection = await connectPostgres(url.toString());
    await connection.migrate();
    const generating = performance.now();
    await generate(connection);
    console.log(
      `PostgreSQL: ${BOOKINGS.toLocaleString('en-AU')} bookings generated in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
    );
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await exportOnce(connection);
      console.log(
        `run ${run}: ${result.rows.toLocaleString('en-AU')} rows, ${mb(result.bytes)} CSV in ${result.seconds.toFixed(2)} s` +
          ` (RSS ${mb(result.startRss)} before, ${mb(result.peakRss)} peak; load ${os.loadavg()[0]!.toFixed(1)})`,
      );
      if (result.rows !== BOOKINGS)
        throw new Error(`expected ${BOOKINGS} rows, got ${result.rows}`);
      const read = await readOnly(connection);
      console.log(
        `  of which reading the rows alone: ${read.seconds.toFixed(2)} s (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
  } finally {
    await connection?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
