// Booking creation throughput: POST /api/bookings through the whole app
// (session, access check, validation, customer lookup, transaction with the
// 'created' event and customer totals, live-event NOTIFY) against a raw
// INSERT of the same rows with the database driver, in the same run, on
// PGlite and on PostgreSQL (a temporary database, dropped after).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { bookingReference } from '../src/domain/bookings';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectPostgres, wrapPglite, type Connection } from '../src/server/db/connect';
import { userProfiles } from '../src/server/db/schema';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const SECRET = 'bench-secret-that-is-at-least-32-characters-long';
const ORIGIN = 'http://localhost:3000';
const COUNT = { pglite: 300, postgres: 600 };
const CONCURRENCY = 10;
const PHONES = Array.from(
  { length: 50 },
  (_, index) => `04${String(12_000_000 + index * 7919).padStart(8, '0')}`,
);

function body(index: number) {
  return {
    pickupLocation: 'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
    dropoffLocation: 'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100',
    pickupTime: new Date(Date.UTC(2026, 5, 1, 0, index)).toISOString(),
    numPassengers: 1 + (index % 4),
    numSuitcases: index % 3,
    notes: `Bench booking ${index}`,
    passengerName: `Bench Passenger ${index % 50}`,
    phone: PHONES[index % PHONES.length]!,
    vehicleType: 'Standard HUG',
    distanceMeters: 12_000 + index,
    durationSeconds: 1_200,
  };
}

/**
 * Counts every SQL statement sent to the database, BEGIN and COMMIT included:
 * on PGlite through the client's own methods, on PostgreSQL through every
 * pooled client's query.
 */
function countStatements(connection: Connection): { count: number } {
  const counter = { count: 0 };
  const counted = <F extends (...args: never[]) => unknown>(call: F): F =>
    ((...args: Parameters<F>) => {
      counter.count += 1;
      return call(...args);
    }) as F;
  if (connection.pglite) {
    const client = connection.pglite;
    client.query = counted(client.query.bind(client));
    client.exec = counted(client.exec.bind(client));
    const transaction = client.transaction.bind(client);
    client.transaction = ((work) =>
      transaction((tx) => {
        counter.count += 2; // BEGIN and COMMIT
        tx.query = counted(tx.query.bind(tx));
        tx.exec = counted(tx.exec.bind(tx));
        return work(tx);
      })) as typeof client.transaction;
  } else {
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      counter.count += 1;
      return (query as (...values: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  }
  return counter;
}

async function runPool(total: number, concurrency: number, work: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await work(next++);
    }),
  );
}

async function timed(label: string, total: number, run: () => Promise<void>) {
  const start = performance.now();
  await run();
  const seconds = (performance.now() - start) / 1000;
  return { label, perSecond: total / seconds };
}

async function measure(kind: 'pglite' | 'postgres', connection: Connection) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bookings-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: SECRET,
    LOG_LEVEL: 'silent',
  });
  const statements = countStatements(connection);
  const app = await buildApp({ config, connection, authSecret: SECRET, webRoot: null });
  await app.ready();
  try {
    const { user } = await app.deps.auth.api.signUpEmail({
      body: {
        email: 'bench-dispatch@example.test',
        password: 'bench password 1234',
        name: 'Bench',
      },
    });
    await connection.db
      .insert(userProfiles)
      .values({ userId: user.id, role: 'dispatcher' })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { role: 'dispatcher' } });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: 'bench-dispatch@example.test', password: 'bench password 1234' },
    });
    const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
    const count = COUNT[kind];
    let offset = 0;
    const post = async (index: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { origin: ORIGIN, cookie },
        payload: body(offset + index),
      });
      if (response.statusCode !== 201) throw new Error(`POST failed: ${response.body}`);
    };
    const raw =
      kind === 'pglite'
        ? (text: string, values: unknown[]) => connection.pglite!.query(text, values)
        : (text: string, values: unknown[]) => connection.pool!.query(text, values);
    const insert = async (index: number) => {
      const row = body(offset + index);
      await raw(
        `insert into bookings (reference, pickup_time, pickup_location, dropoff_location, status,
           fare_amount, passenger_name, phone, vehicle_type, num_passengers, num_suitcases, notes,
           source, distance_meters, duration_seconds)
         values ($1, $2, $3, $4, 'pending', '40.00', $5, $6, $7, $8, $9, $10, 'dispatch', $11, $12)`,
        [
          bookingReference(crypto.randomBytes(6)),
          row.pickupTime,
          row.pickupLocation,
          row.dropoffLocation,
          row.passengerName,
          row.phone,
          row.vehicleType,
          row.numPassengers,
          row.numSuitcases,
          row.notes,
          row.distanceMeters,
          row.durationSeconds,
        ],
      );
    };

    // Warm up: plans, JIT, the customer rows.
    await runPool(50, 1, post);
    offset += 50;
    // Statements per creation, sequential (the session is cached by now).
    const before = statements.count;
    await runPool(50, 1, post);
    offset += 50;
    const perCreation = (statements.count - before) / 50;
    const results = [];
    for (const [label, work, concurrency] of [
      ['API sequential', post, 1],
      ['raw insert sequential', insert, 1],
      [`API concurrency ${CONCURRENCY}`, post, CONCURRENCY],
      [`raw insert concurrency ${CONCURRENCY}`, insert, CONCURRENCY],
    ] as const) {
      results.push(await timed(label, count, () => runPool(count, concurrency, work)));
      offset += count;
    }
    const [apiSeq, rawSeq, apiPar, rawPar] = results.map((result) => result.perSecond) as [
      number,
      number,
      number,
      number,
    ];
    console.log(`${kind}: ${count} bookings per run`);
    console.log(
      `  SQL statements per API creation: ${perCreation.toFixed(1)} (BEGIN and COMMIT included)`,
    );
    for (const result of results) {
      console.log(
        `  ${result.label.padEnd(28)} ${result.perSecond.toFixed(0).padStart(6)} bookings/s`,
      );
    }
    console.log(
      `  API / raw: sequential ${(apiSeq / rawSeq).toFixed(3)} (${(rawSeq / apiSeq).toFixed(1)}x slower), ` +
        `concurrency ${CONCURRENCY} ${(apiPar / rawPar).toFixed(3)} (${(rawPar / apiPar).toFixed(1)}x slower)`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite() {
  const connection = wrapPglite(new PGlite());
  try {
    await connection.migrate();
    await measure('pglite', connection);
  } finally {
    await connection.close();
  }
}

async function benchPostgres() {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`postgres: skipped, ${POSTGRES_URL} is unreachable (${(error as Error).message})`);
    return;
  }
  const name = `chauffeur_bench_bookings_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const connection = await connectPostgres(url.toString());
  try {
    await connection.migrate();
    await measure('postgres', connection);
  } finally {
    await connection.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export default async function bookingsBench() {
  console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
  await benchPglite();
  await benchPostgres();
}
