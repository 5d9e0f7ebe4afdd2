// Customer search on 50,000 customers, through the repository function the
// route uses (GET /api/customers?q=&limit=50), on PGlite and on PostgreSQL.
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { connectPostgres, wrapPglite, type Connection } from '../src/server/db/connect';
import { customers } from '../src/server/db/schema';
import { generateCustomers } from '../src/server/db/seed/generate-customers';
import { createIdentityRegistry } from '../src/server/db/seed/identity';
import { createRandom, type Random } from '../src/server/db/seed/random';
import { listCustomers } from '../src/server/features/customers/customers-repository';

const CUSTOMER_COUNT = 50_000;
const BATCH_SIZE = 1_000;
const SEARCH_COUNT = 200;
const PAGE_SIZE = 50;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

type CustomerInsert = typeof customers.$inferInsert;

function makeCustomers(): CustomerInsert[] {
  const random = createRandom(20_240_305);
  return generateCustomers(random, {
    count: CUSTOMER_COUNT,
    nowMs: Date.parse('2026-03-10T02:30:00Z'),
    registry: createIdentityRegistry(),
  }).map((customer) => customer.row);
}

/** What people type: parts of names, email fragments, phone digits, and misses. */
function makeQueries(rows: CustomerInsert[], random: Random): string[] {
  const kinds: ((row: CustomerInsert) => string)[] = [
    (row) => row.firstName.slice(0, random.int(3, row.firstName.length)),
    (row) => (row.lastName ?? '').toLowerCase(),
    (row) => `${row.firstName} ${(row.lastName ?? '').slice(0, 2)}`.toUpperCase(),
    (row) => (row.email ?? 'gmail').split('@')[0]!.slice(0, 6),
    (row) => (row.email ? `@${row.email.split('@')[1]!.slice(0, 5)}` : 'bigpond'),
    (row) => (row.phone ?? '+61412345678').slice(random.int(3, 7), 12),
    () => `zq${random.int(100, 999)}x`,
    () => '',
  ];
  return Array.from({ length: SEARCH_COUNT }, () => random.pick(kinds)(random.pick(rows)));
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function measure(label: string, connection: Connection, rows: CustomerInsert[]) {
  const loadStart = performance.now();
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await connection.db.insert(customers).values(rows.slice(start, start + BATCH_SIZE));
  }
  // VACUUM as autovacuum would have: trigram (GIN) indexes hold rows inserted
  // after their creation in a pending list that makes the planner shun them.
  await connection.db.execute('vacuum analyze customers');
  const loadMs = performance.now() - loadStart;

  const queries = makeQueries(rows, createRandom(7));
  // Warm the caches and the query plans first.
  for (const q of queries.slice(0, 10))
    await listCustomers(connection.db, { q, limit: PAGE_SIZE, offset: 0 });
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let matched = 0;
  for (const q of queries) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const { total } = await listCustomers(connection.db, { q, limit: PAGE_SIZE, offset: 0 });
    const cpu = process.cpuUsage(cpuStart);
    times.push(performance.now() - start);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    if (total > 0) matched += 1;
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  // PGlite runs in this process, so its CPU time per search is what the
  // search costs on an idle machine; wall time also counts waiting for a CPU.
  const cpuNote =
    connection.kind === 'pglite'
      ? `; CPU time in this process: p50 ${percentile(cpuTimes, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(cpuTimes, 0.99).toFixed(1)} ms`
      : '';
  console.log(
    `${label}: ${rows.length} customers loaded in ${(loadMs / 1000).toFixed(1)} s; ` +
      `${times.length} searches (${matched} with matches), page of ${PAGE_SIZE}: ` +
      `p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms, ` +
      `max ${times.at(-1)!.toFixed(1)} ms${cpuNote}`,
  );
}

async function benchPglite(rows: CustomerInsert[]) {
  const connection = wrapPglite(new PGlite());
  try {
    await connection.migrate();
    await measure('PGlite (in memory)', connection, rows);
  } finally {
    await connection.close();
  }
}

async function benchPostgres(rows: CustomerInsert[]) {
  const name = `bench_customers_${process.pid}`;
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
    await measure('PostgreSQL', connection, rows);
  } finally {
    await connection?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export default async function customerSearchBench(): Promise<void> {
  console.log(`(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs)`);
  const rows = makeCustomers();
  await benchPglite(rows);
  await benchPostgres(rows);
}
