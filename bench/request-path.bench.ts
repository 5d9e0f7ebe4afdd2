// The request path against its references, in one run (issue 14, "A lean
// request path"): each figure is a ratio to a reference measured in the same
// run, on PGlite and on PostgreSQL (a temporary database, dropped after).
// The servers run in child processes (bench/request-path-server.ts) and this
// process only sends requests, over keep-alive connections (undici).
//   GET /api/health            vs a bare node:http server answering the same JSON
//   POST /api/quotes           vs the same quoteFare function behind that bare server
//   GET /api/bookings?limit=50 vs its recorded SQL replayed on the driver (dispatcher)
//   POST /api/bookings         vs a raw INSERT, sequential and at concurrency 10, each
//                              with an Idempotency-Key as the New Booking panel sends
// with the SQL statements per request and the server's RSS idle, after the
// seed and after the load.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import type { ServerCommand, ServerReady } from './request-path-server';
import { withTemporaryPostgres } from './temporary-postgres';
import { benchBookingInput } from './booking-input';
import { bundleServer } from '../scripts/server-bundle';

const SOURCE = path.join(import.meta.dirname, 'request-path-server.ts');
/** Inside the project, so the bundle finds its packages in node_modules. */
const COMPILED_DIR = path.join(import.meta.dirname, '../node_modules/.cache/bench-server');
const BENCH_ORIGIN = 'http://localhost:3000';
const CONCURRENCY = 10;
/** Requests each server answers before the health and quote rounds. */
const WARM_UP = 10_000;
const SEED_BOOKINGS = 5_000;
const RUN = {
  health: 10_000,
  quotes: 10_000,
  list: 200,
  createSequential: { pglite: 100, postgres: 150 },
  createConcurrent: { pglite: 150, postgres: 300 },
};

export type Server = {
  child: ChildProcess;
  ready: ServerReady;
  pool: Pool;
  ask(command: DistributiveOmit<ServerCommand, 'id'>): Promise<number>;
  stop(): Promise<void>;
};
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

let compiled: Promise<string> | null = null;

/**
 * The bench's server compiled as `npm run build` compiles the app's (esbuild,
 * decision 33), once per run: through tsx it ran code the app does not (tsx
 * keeps every function's name with a call per closure made).
 */
function compiledServer(): Promise<string> {
  compiled ??= bundleServer({ 'request-path-server': SOURCE }, COMPILED_DIR).then(() =>
    path.join(COMPILED_DIR, 'request-path-server.js'),
  );
  return compiled;
}

export async function startServer(args: string[]): Promise<Server> {
  const child = fork(await compiledServer(), args, {
    execArgv: [
      // RSS is read after a full collection (request-path-server.ts).
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=.cpu-prof'] : []),
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(value: number): void; reject(error: Error): void }>();
  let nextId = 1;
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.on(
      'message',
      (message: { ready?: ServerReady; id?: number; value?: number; error?: string }) => {
        if (message.ready) return resolve(message.ready);
        const pending = waiting.get(message.id!);
        waiting.delete(message.id!);
        if (message.error) pending?.reject(new Error(message.error));
        else pending?.resolve(message.value!);
      },
    );
    child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  const pool = new Pool(`http://127.0.0.1:${ready.port}`, { connections: CONCURRENCY });
  return {
    child,
    ready,
    pool,
    ask: (command) =>
      new Promise<number>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        child.send({ ...command, id });
      }),
    stop: async () => {
      await pool.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export type Request = {
  method: 'GET' | 'POST';
  path: string;
  body?: (index: number) => unknown;
  /** A fresh Idempotency-Key per request, as the New Booking panel sends one. */
  idempotencyKey?: () => string;
};

/** Sends `total` requests over `concurrency` connections; answers per second. */
export async function load(server: Server, request: Request, total: number, concurrency: number) {
  let next = 0;
  const headers: Record<string, string> = { origin: BENCH_ORIGIN, 'accept-encoding': 'br, gzip' };
  if (server.ready.cookie) headers.cookie = server.ready.cookie;
  if (request.body) headers['content-type'] = 'application/json';
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const response = await server.pool.request({
          method: request.method,
          path: request.path,
          headers: request.idempotencyKey
            ? { ...headers, 'idempotency-key': request.idempotencyKey() }
            : headers,
          body: request.body ? JSON.stringify(request.body(index)) : null,
        });
        const text = await response.body.text();
        if (response.statusCode >= 300) {
          throw new Error(`${request.method} ${request.path}: ${response.statusCode} ${text}`);
        }
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

export const health: Request = { method: 'GET', path: '/api/health' };
export const quote: Request = {
  method: 'POST',
  path: '/api/quotes',
  body: (index) => ({
    distanceMeters: 10_000 + index,
    durationSeconds: 1_200,
    vehicleType: 'Standard HUG',
    childSeats: index % 2 === 0,
  }),
};
export const list: Request = { method: 'GET', path: '/api/bookings?limit=50' };
let bookingIndex = 0;
let keyIndex = 0;
export const create: Request = {
  method: 'POST',
  path: '/api/bookings',
  body: () => {
    const index = bookingIndex++;
    return benchBookingInput(index, new Date(Date.UTC(2026, 5, 1, 0, index)), 'Bench booking');
  },
  idempotencyKey: () => `bench-create-${process.pid}-${keyIndex++}`,
};

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const ROUNDS = 3;

/** A measured run: its rate, and the CPU the process answering it used per request (µs). */
type Measured = { rate: number; cpu: number };

/** Runs `work` (which answers `count` requests) and reads `server`'s CPU around it. */
async function measured(server: Server, count: number, work: () => Promise<number>) {
  const before = await server.ask({ kind: 'cpu' });
  const rate = await work();
  return { rate, cpu: ((await server.ask({ kind: 'cpu' })) - before) / count };
}

const medianOf = (values: number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/**
 * Measures the figure and its reference in alternating rounds (the machine is
 * shared: load comes and goes) and prints each round's ratio and the median,
 * with the server CPU per request of each side (median of the rounds): a
 * loaded machine moves it far less than the rates.
 */
async function compare(
  label: string,
  referenceLabel: string,
  target: number,
  figure: () => Promise<Measured>,
  reference: () => Promise<Measured>,
) {
  const rounds: { figure: Measured; reference: Measured; ratio: number; load: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const a = await figure();
    const b = await reference();
    rounds.push({ figure: a, reference: b, ratio: a.rate / b.rate, load: os.loadavg()[0]! });
  }
  const median = [...rounds].sort((x, y) => x.ratio - y.ratio)[Math.floor(ROUNDS / 2)]!;
  const cpuFigure = medianOf(rounds.map((item) => item.figure.cpu));
  const cpuReference = medianOf(rounds.map((item) => item.reference.cpu));
  console.log(
    `  ${label.padEnd(32)} ${median.figure.rate.toFixed(0).padStart(6)}/s vs ${referenceLabel.padEnd(24)} ` +
      `${median.reference.rate.toFixed(0).padStart(6)}/s  ratio ${median.ratio.toFixed(2)} ` +
      `(rounds ${rounds.map((item) => item.ratio.toFixed(2)).join(' ')}, load ${median.load.toFixed(1)})  ` +
      `target >= ${target}: ${median.ratio >= target ? 'met' : 'not met'}\n` +
      `  ${''.padEnd(32)} server CPU per request ${cpuFigure.toFixed(0)} µs vs ${cpuReference.toFixed(0)} µs ` +
      `(ratio ${(cpuReference / cpuFigure).toFixed(2)})`,
  );
}

/** Statements per request, sequential, after a warm-up (the session is cached by then). */
async function statementsPer(server: Server, request: Request, count = 20) {
  await load(server, request, 5, 1);
  const before = await server.ask({ kind: 'statements' });
  await load(server, request, count, 1);
  return ((await server.ask({ kind: 'statements' })) - before) / count;
}

async function measureApp(kind: 'pglite' | 'postgres', target: string, bare: Server) {
  const app = await startServer(['app', target]);
  try {
    console.log(
      `\n${kind} (load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')})`,
    );
    const rssIdle = await app.ask({ kind: 'rss' });

    for (const [label, request, total] of [
      ['GET /api/health', health, RUN.health],
      ['POST /api/quotes', quote, RUN.quotes],
    ] as const) {
      // Warmed until V8 has compiled the hot path (its compiler threads count in
      // the process's CPU), and rounds of 10,000, so that a burst of load on
      // this shared machine decides less of a round.
      await load(app, request, WARM_UP, CONCURRENCY);
      await load(bare, request, WARM_UP, CONCURRENCY);
      await compare(
        `${label} (c${CONCURRENCY})`,
        'bare node:http',
        0.6,
        () => measured(app, total, () => load(app, request, total, CONCURRENCY)),
        () => measured(bare, total, () => load(bare, request, total, CONCURRENCY)),
      );
    }

    await app.ask({ kind: 'seed', count: SEED_BOOKINGS });
    const rssSeeded = await app.ask({ kind: 'rss' });

    // The list: record one request's statements, replay them on the driver.
    await load(app, list, 20, 1);
    await app.ask({ kind: 'record', on: true });
    await load(app, list, 1, 1);
    const recorded = await app.ask({ kind: 'record', on: false });
    const listStatements = await statementsPer(app, list);
    for (const concurrency of [1, CONCURRENCY]) {
      await compare(
        `GET /api/bookings?limit=50 (c${concurrency})`,
        `its ${recorded} statements direct`,
        0.8,
        () => measured(app, RUN.list, () => load(app, list, RUN.list, concurrency)),
        () =>
          measured(app, RUN.list, () => app.ask({ kind: 'replay', total: RUN.list, concurrency })),
      );
    }

    const createStatements = await statementsPer(app, create);
    for (const [concurrency, total] of [
      [1, RUN.createSequential[kind]],
      [CONCURRENCY, RUN.createConcurrent[kind]],
    ] as const) {
      await compare(
        `POST /api/bookings (c${concurrency})`,
        'raw INSERT',
        0.2,
        () => measured(app, total, () => load(app, create, total, concurrency)),
        () => measured(app, total, () => app.ask({ kind: 'insert', total, concurrency })),
      );
    }
    const rssLoaded = await app.ask({ kind: 'rss' });

    console.log(
      `  SQL statements per request (BEGIN/COMMIT counted): health ${(await statementsPer(app, health)).toFixed(1)}, ` +
        `quote ${(await statementsPer(app, quote)).toFixed(1)}, list ${listStatements.toFixed(1)}, ` +
        `booking creation ${createStatements.toFixed(1)} (target <= 6: ${createStatements <= 6 ? 'met' : 'not met'})`,
    );
    console.log(
      `  server RSS: idle ${mb(rssIdle)}, after seeding ${SEED_BOOKINGS} bookings ${mb(rssSeeded)}, ` +
        `after the load ${mb(rssLoaded)} (PGlite in process: ${kind === 'pglite' ? 'yes' : 'no'})`,
    );
  } finally {
    await app.stop();
  }
}

export default async function requestPathBench() {
  console.log(
    `machine: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  const bare = await startServer(['bare']);
  try {
    await measureApp('pglite', 'pglite', bare);

    await withTemporaryPostgres('request_path', (url) => measureApp('postgres', url, bare));
  } finally {
    await bare.stop();
  }
}
