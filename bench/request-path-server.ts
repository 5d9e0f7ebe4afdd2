// The server side of bench/request-path.bench.ts, in a process of its own so
// that the load generator does not share its event loop and its RSS is the
// server's alone. `bare`: a node:http server answering GET /api/health with the
// same JSON and POST /api/quotes with the same quoteFare function (no
// framework, no validation, no database). `app <database url | pglite>`: the
// whole app (info logging to stdout, which the parent discards), a signed-in
// dispatcher, and the direct references run in this process (PGlite lives
// here): the recorded SQL of a request replayed on the driver, a raw INSERT.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bookingReference } from '../src/domain/bookings';
import { DEFAULT_TARIFFS, quoteFare, toQuoteResponse } from '../src/domain/fares';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectPglite, connectPostgres, type Connection } from '../src/server/db/connect';
import { userProfiles } from '../src/server/db/schema';

const BENCH_ORIGIN = 'http://localhost:3000';
const SECRET = 'bench-secret-that-is-at-least-32-characters-long';

export type ServerCommand =
  | { id: number; kind: 'rss' }
  | { id: number; kind: 'cpu' }
  | { id: number; kind: 'statements' }
  | { id: number; kind: 'record'; on: boolean }
  | { id: number; kind: 'seed'; count: number }
  | { id: number; kind: 'replay'; total: number; concurrency: number }
  | { id: number; kind: 'insert'; total: number; concurrency: number }
  | { id: number; kind: 'profile'; to: string | null };

export type ServerReady = { port: number; cookie: string; rss: number };

type Call = { args: unknown[] };

function send(message: unknown) {
  process.send!(message);
}

/**
 * The process's CPU time so far (every thread: the event loop, libuv's
 * threadpool, PGlite), in µs. Per request it moves far less with the
 * machine's load than requests per second do.
 */
function cpuMicroseconds() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

async function runPool(total: number, concurrency: number, work: (index: number) => Promise<void>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await work(next++);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

async function startBare() {
  const json = (response: http.ServerResponse, status: number, value: unknown) => {
    const text = JSON.stringify(value);
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
  };
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/api/health') {
      json(response, 200, { status: 'ok', database: 'pglite' });
      return;
    }
    if (request.method === 'POST' && request.url === '/api/quotes') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Parameters<
          typeof quoteFare
        >[0];
        json(response, 200, toQuoteResponse(quoteFare(input, DEFAULT_TARIFFS)));
      });
      return;
    }
    json(response, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  send({ ready: { port, cookie: '', rss: process.memoryUsage().rss } });
  process.on('message', (command: ServerCommand) => {
    if (command.kind === 'rss') send({ id: command.id, value: process.memoryUsage().rss });
    if (command.kind === 'cpu') send({ id: command.id, value: cpuMicroseconds() });
  });
}

/**
 * Counts every statement sent to the database (BEGIN and COMMIT included) and,
 * while recording, keeps each call's arguments to replay them on the driver.
 */
function hookStatements(connection: Connection) {
  const state = { count: 0, recording: false, calls: [] as Call[] };
  const hooked = <F extends (...args: never[]) => unknown>(call: F): F =>
    ((...args: Parameters<F>) => {
      state.count += 1;
      if (state.recording) state.calls.push({ args });
      return call(...args);
    }) as F;
  if (connection.pglite) {
    const client = connection.pglite;
    client.query = hooked(client.query.bind(client));
    client.exec = hooked(client.exec.bind(client));
    const transaction = client.transaction.bind(client);
    client.transaction = ((work) =>
      transaction((tx) => {
        state.count += 2; // BEGIN and COMMIT
        tx.query = hooked(tx.query.bind(tx));
        tx.exec = hooked(tx.exec.bind(tx));
        return work(tx);
      })) as typeof client.transaction;
  } else {
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      state.count += 1;
      if (state.recording) state.calls.push({ args });
      return (query as (...values: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  }
  return state;
}

/**
 * The process's RSS once garbage is collected: without it the figure swings
 * by hundreds of MB with when V8 last collected (PGlite's start leaves its
 * file-system bundle and extension archives as garbage). Needs --expose-gc.
 */
async function settledRss(): Promise<number> {
  for (let pass = 0; pass < 2; pass += 1) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return process.memoryUsage().rss;
}

let profiler: Session | null = null;

/** Starts V8's CPU profiler in this process (bench/request-profile.ts). */
async function startProfile() {
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  await profiler.post('Profiler.start');
  return 0;
}

/** Stops the profiler and writes the profile to `file` (a .cpuprofile). */
async function stopProfile(file: string) {
  const { profile } = await profiler!.post('Profiler.stop');
  profiler!.disconnect();
  profiler = null;
  fs.writeFileSync(file, JSON.stringify(profile));
  return profile.samples?.length ?? 0;
}

async function openDatabase(target: string, dataDir: string): Promise<Connection> {
  if (target === 'pglite') {
    // On disk in a scratch folder, opened as `npm start` opens it (connectPglite:
    // the app's memory settings, decision 67, and its relaxed durability). An
    // in-memory PGlite grows its files by copying them (Emscripten's MEMFS):
    // a tenth of a booking creation's CPU went there, and the RSS grew by a GB
    // with 5,000 seeded bookings, neither of which the app does.
    const connection = await connectPglite(path.join(dataDir, 'data'));
    await connection.migrate();
    return connection;
  }
  const connection = await connectPostgres(target);
  await connection.migrate();
  return connection;
}

/** `count` bookings over the 30 days from now, in one statement. */
function seedSql(count: number, salt: string) {
  return `insert into bookings (reference, pickup_time, pickup_location, dropoff_location, status,
      fare_amount, passenger_name, phone, vehicle_type, num_passengers, num_suitcases, notes, source,
      distance_meters, duration_seconds)
    select 'S${salt}' || g, now() + (g * interval '1 minute') * (43200.0 / ${count}),
      'Perth Airport T1, Airport Dr, Perth Airport WA 6105', 'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100',
      (array['pending','pending','cancelled','completed'])[1 + g % 4], '85.50',
      'Seeded Passenger ' || (g % 500), '04' || lpad((12000000 + g % 500)::text, 8, '0'),
      'Standard HUG', 1 + g % 4, g % 3, 'Seeded booking ' || g, 'dispatch', 12000 + g, 1200
    from generate_series(1, ${count}) g`;
}

async function startApp(target: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-request-path-'));
  const connection = await openDatabase(target, dataDir);
  const statements = hookStatements(connection);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL: BENCH_ORIGIN,
    AUTH_SECRET: SECRET,
    LOG_LEVEL: 'info',
  });
  const app = await buildApp({
    config,
    connection,
    authSecret: SECRET,
    webRoot: null,
    logger: { level: 'info' },
  });
  const { user } = await app.auth.api.signUpEmail({
    body: { email: 'bench-dispatch@example.test', password: 'bench password 1234', name: 'Bench' },
  });
  await connection.db
    .insert(userProfiles)
    .values({ userId: user.id, role: 'dispatcher' })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { role: 'dispatcher' } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: BENCH_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-dispatch@example.test', password: 'bench password 1234' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((item) => item.split(';')[0])
    .join('; ');
  const raw = (...args: unknown[]) =>
    (connection.pglite
      ? (connection.pglite.query as (...values: unknown[]) => Promise<unknown>)(...args)
      : (connection.pool!.query as (...values: unknown[]) => Promise<unknown>).apply(
          connection.pool,
          args,
        )) as Promise<unknown>;

  const insert = async (index: number) => {
    await raw(
      `insert into bookings (reference, pickup_time, pickup_location, dropoff_location, status,
         fare_amount, passenger_name, phone, vehicle_type, num_passengers, num_suitcases, notes,
         source, distance_meters, duration_seconds)
       values ($1, $2, $3, $4, 'pending', '40.00', $5, $6, $7, $8, $9, $10, 'dispatch', $11, $12)`,
      [
        bookingReference(crypto.randomBytes(6)),
        new Date(Date.UTC(2026, 5, 1, 0, index)).toISOString(),
        'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
        'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100',
        `Bench Passenger ${index % 50}`,
        `04${String(12_000_000 + (index % 50) * 7919).padStart(8, '0')}`,
        'Standard HUG',
        1 + (index % 4),
        index % 3,
        `Bench booking ${index}`,
        12_000 + index,
        1_200,
      ],
    );
  };

  process.on('message', (command: ServerCommand) => {
    void (async () => {
      switch (command.kind) {
        case 'rss':
          return settledRss();
        case 'cpu':
          return cpuMicroseconds();
        case 'statements':
          return statements.count;
        case 'record':
          statements.recording = command.on;
          if (command.on) statements.calls = [];
          return statements.calls.length;
        case 'seed':
          await raw(seedSql(command.count, crypto.randomBytes(3).toString('hex')));
          return command.count;
        case 'replay': {
          // The recorded request's statements, as the driver got them, in parallel as sent.
          // pg's pool passes its own callback to the client: left out, so the promise form answers.
          const calls = statements.calls.map((call) =>
            call.args.filter((arg) => typeof arg !== 'function'),
          );
          return runPool(command.total, command.concurrency, async () => {
            await Promise.all(calls.map((args) => raw(...args)));
          });
        }
        case 'insert':
          return runPool(command.total, command.concurrency, insert);
        case 'profile':
          return command.to === null ? startProfile() : stopProfile(command.to);
      }
    })().then(
      (value) => send({ id: command.id, value }),
      (error: unknown) => send({ id: command.id, error: String(error) }),
    );
  });
  send({ ready: { port: Number(new URL(address).port), cookie, rss: await settledRss() } });
  return async () => {
    await app.close();
    await connection.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

const [mode, target] = process.argv.slice(2);
const stop =
  mode === 'bare' ? (await startBare(), async () => undefined) : await startApp(target ?? 'pglite');
// Exit normally on SIGTERM (so that `--cpu-prof`, BENCH_CPU_PROF=1, writes its
// profile), the scratch data folder removed.
process.on('SIGTERM', () => {
  stop().finally(() => process.exit(0));
});
