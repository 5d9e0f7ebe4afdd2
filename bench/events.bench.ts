// Live-event latency: from sending POST /api/drivers/me/location to the event
// arriving on each of 50 open GET /api/events streams, with 500 drivers
// reporting every 5 s (about 100 positions a second, 5,000 deliveries a
// second). The server runs in a child process (this file, started with
// EVENTS_BENCH_ROLE=server) listening on 127.0.0.1 port 0, so the clients'
// parsing does not share its event loop; the clients are real HTTP clients.
// On PGlite, then on PostgreSQL (a temporary database, dropped after).
// Then many streams: the server's RSS and GET /api/health latency with no
// stream and with 500 open dispatch streams, and how long one position takes
// to reach all 500.
//
// The server's CPU time per position posted (from /proc, user + system) is
// printed with each case: it says what a report costs whatever the load of
// the machine, when the latency only says the box could not keep up.
// EVENTS_BENCH_CASES=pglite,postgres,postgres-many,streams picks cases;
// EVENTS_BENCH_SERVER_ARGS adds node flags to the server process (for
// example `--cpu-prof --cpu-prof-dir=/tmp/prof`).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectPostgres, wrapPglite, type Connection } from '../src/server/db/connect';
import { drivers, sessions, userProfiles, users } from '../src/server/db/schema';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const SECRET = 'bench-secret-that-is-at-least-32-characters-long';
const ORIGIN = 'http://localhost:3000';
const DRIVER_COUNT = 500;
const STREAM_COUNT = 50;
/** The large case, on PostgreSQL only. */
const MANY_DRIVERS = 2000;
const MANY_DRIVER_STREAMS = 200;
const REPORT_EVERY_MS = 5_000;
const RUN_MS = 20_000;
const DRAIN_MS = 3_000;
const SESSION_COOKIE = 'better-auth.session_token';
const MANY_STREAMS = 500;
/** A session may hold 5 streams; one session per dispatch screen here. */
const DISPATCHER_SESSIONS = MANY_STREAMS;
const HEALTH_SAMPLES = 200;
const FAN_OUT_POSITIONS = 20;

type Credentials = {
  port: number;
  driverIds: string[];
  driverCookies: string[];
  dispatcherCookies: string[];
};

/** A session row and the signed cookie better-auth expects for it. */
function makeSession(userId: string) {
  const token = crypto.randomBytes(24).toString('base64url');
  const signature = crypto.createHmac('sha256', SECRET).update(token).digest('base64');
  return {
    row: {
      id: crypto.randomUUID(),
      token,
      userId,
      // As a sign-in makes it (7 days): a session within 6 days of its
      // expiry would be renewed (a write and a cookie) on its first use.
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    },
    cookie: `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`,
  };
}

/** Users, profiles, driver rows and sessions, inserted in batches (no password hashing). */
async function seedPeople(connection: Connection, driverCount: number) {
  const db = connection.db;
  const people = Array.from({ length: driverCount + 1 }, (_, index) => ({
    id: crypto.randomUUID(),
    name: index === 0 ? 'Bench Dispatcher' : `Bench Driver ${index}`,
    email: `bench-${index}@example.test`,
    emailVerified: true,
  }));
  const [dispatcher, ...driverUsers] = people;
  for (let start = 0; start < people.length; start += 250) {
    const batch = people.slice(start, start + 250);
    await db.insert(users).values(batch);
    await db.insert(userProfiles).values(
      batch.map((person) => ({
        userId: person.id,
        role: person.id === dispatcher!.id ? 'dispatcher' : 'driver',
      })),
    );
  }
  const driverIdByUser = new Map<string, string>();
  for (let start = 0; start < driverUsers.length; start += 250) {
    const rows = await db
      .insert(drivers)
      .values(
        driverUsers.slice(start, start + 250).map((person, index) => ({
          userId: person.id,
          firstName: 'Bench',
          lastName: `Driver ${start + index}`,
          status: 'active',
        })),
      )
      .returning({ id: drivers.id, userId: drivers.userId });
    for (const row of rows) driverIdByUser.set(row.userId!, row.id);
  }
  const driverSessions = driverUsers.map((person) => makeSession(person.id));
  const dispatcherSessions = Array.from({ length: DISPATCHER_SESSIONS }, () =>
    makeSession(dispatcher!.id),
  );
  const all = [...driverSessions, ...dispatcherSessions];
  for (let start = 0; start < all.length; start += 250) {
    await db.insert(sessions).values(all.slice(start, start + 250).map((session) => session.row));
  }
  return {
    driverIds: driverUsers.map((person) => driverIdByUser.get(person.id)!),
    driverCookies: driverSessions.map((session) => session.cookie),
    dispatcherCookies: dispatcherSessions.map((session) => session.cookie),
  };
}

/** The child process: one app server, seeded, until SIGTERM. */
async function runServer() {
  const target = process.env.EVENTS_BENCH_DATABASE!;
  const connection = target === 'pglite' ? wrapPglite(new PGlite()) : await connectPostgres(target);
  await connection.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-events-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: SECRET,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, connection, authSecret: SECRET, webRoot: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const people = await seedPeople(
    connection,
    Number(process.env.EVENTS_BENCH_DRIVERS ?? DRIVER_COUNT),
  );
  const address = app.server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port: address.port, ...people })}\n`);
  const stop = async () => {
    await app.close();
    await connection.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
}

function startServer(
  database: string,
  driverCount = DRIVER_COUNT,
): Promise<{ child: ChildProcess; credentials: Credentials }> {
  const extraArgs = (process.env.EVENTS_BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extraArgs, '--import', 'tsx', import.meta.filename], {
    env: {
      ...process.env,
      EVENTS_BENCH_ROLE: 'server',
      EVENTS_BENCH_DATABASE: database,
      EVENTS_BENCH_DRIVERS: String(driverCount),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve({ child, credentials: JSON.parse(line) as Credentials }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** CPU time (user + system) a process has used, in ms, from /proc (NaN elsewhere). */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Which cases to run (EVENTS_BENCH_CASES, comma-separated); all by default. */
function wanted(name: 'pglite' | 'postgres' | 'postgres-many' | 'streams'): boolean {
  const cases = process.env.EVENTS_BENCH_CASES;
  return !cases || cases.split(',').includes(name);
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function measure(
  label: string,
  database: string,
  driverCount = DRIVER_COUNT,
  streamCount = STREAM_COUNT,
) {
  const { child, credentials } = await startServer(database, driverCount);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const base = { host: '127.0.0.1', port: credentials.port };
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  /** Latencies of positions posted after every driver's first (session looked up) round. */
  const steadyLatencies: number[] = [];
  let steadyFrom = Number.POSITIVE_INFINITY;
  const answeredAt = new Map<string, number>();
  const afterAnswer: number[] = [];
  const postTimes: number[] = [];
  let postFailures = 0;
  const streams: http.ClientRequest[] = [];
  try {
    // 50 dispatch screens, each its own connection.
    await Promise.all(
      Array.from(
        { length: streamCount },
        (_, index) =>
          new Promise<void>((resolve, reject) => {
            const request = http.get(
              {
                ...base,
                path: '/api/events',
                headers: {
                  cookie:
                    credentials.dispatcherCookies[index % credentials.dispatcherCookies.length],
                },
              },
              (response) => {
                if (response.statusCode !== 200) {
                  reject(new Error(`stream answered ${response.statusCode}`));
                  return;
                }
                let buffer = '';
                response.setEncoding('utf8');
                response.on('data', (chunk: string) => {
                  buffer += chunk;
                  let end: number;
                  while ((end = buffer.indexOf('\n\n')) >= 0) {
                    const block = buffer.slice(0, end);
                    buffer = buffer.slice(end + 2);
                    if (!block.startsWith('data: ')) continue;
                    const event = JSON.parse(block.slice(6)) as {
                      type: string;
                      driver?: { id: string; location: { lat: number } | null };
                    };
                    if (event.type !== 'driver.updated' || !event.driver?.location) continue;
                    const key = `${event.driver.id}:${event.driver.location.lat}`;
                    const started = sentAt.get(key);
                    if (started === undefined) continue;
                    const now = performance.now();
                    latencies.push(now - started);
                    if (started >= steadyFrom) steadyLatencies.push(now - started);
                    const answered = answeredAt.get(key);
                    if (answered !== undefined) afterAnswer.push(now - answered);
                  }
                });
                response.on('error', () => undefined);
                resolve();
              },
            );
            request.on('error', () => undefined);
            streams.push(request);
          }),
      ),
    );

    let counter = 0;
    let running = true;
    /** Each report has its own latitude, so its event is recognised on every stream. */
    const report = (index: number) =>
      new Promise<void>((resolve) => {
        counter += 1;
        const lat = -31.5 - counter * 1e-6;
        const payload = JSON.stringify({ lat, lng: 115.86 });
        const started = performance.now();
        const key = `${credentials.driverIds[index]}:${lat}`;
        sentAt.set(key, started);
        const request = http.request(
          {
            ...base,
            agent,
            method: 'POST',
            path: '/api/drivers/me/location',
            headers: {
              cookie: credentials.driverCookies[index],
              origin: ORIGIN,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              answeredAt.set(key, performance.now());
              postTimes.push(performance.now() - started);
              if (response.statusCode !== 200) postFailures += 1;
              resolve();
            });
          },
        );
        request.on('error', () => {
          postFailures += 1;
          resolve();
        });
        request.end(payload);
      });

    const runStart = performance.now();
    steadyFrom = runStart + REPORT_EVERY_MS;
    const serverCpuStart = cpuMs(child.pid!);
    const clientCpuStart = process.cpuUsage();
    const loops = credentials.driverIds.map(async (_, index) => {
      // Spread the 500 drivers evenly over the 5 s period.
      await new Promise((resolve) => setTimeout(resolve, (index / driverCount) * REPORT_EVERY_MS));
      while (running) {
        const tickStart = performance.now();
        await report(index);
        const wait = REPORT_EVERY_MS - (performance.now() - tickStart);
        if (running && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, RUN_MS));
    running = false;
    const postedSeconds = (performance.now() - runStart) / 1000;
    const serverCpu = cpuMs(child.pid!) - serverCpuStart;
    const clientCpu = process.cpuUsage(clientCpuStart);
    const postedInRun = postTimes.length;
    await Promise.all(loops);
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));

    const timedPosts = sentAt.size;
    latencies.sort((a, b) => a - b);
    postTimes.sort((a, b) => a - b);
    console.log(
      `${label}: ${postTimes.length} positions posted in ${postedSeconds.toFixed(1)} s ` +
        `(${(postTimes.length / postedSeconds).toFixed(0)}/s, ${postFailures} failed; ` +
        `POST p50 ${percentile(postTimes, 0.5).toFixed(0)} ms, p99 ${percentile(postTimes, 0.99).toFixed(0)} ms)`,
    );
    console.log(
      `  delivered ${latencies.length} of ${timedPosts * streamCount} timed events to ${streamCount} streams: ` +
        `latency p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, ` +
        `max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms`,
    );
    steadyLatencies.sort((a, b) => a - b);
    console.log(
      `  after the first ${REPORT_EVERY_MS / 1000} s (every session looked up once): ` +
        `${steadyLatencies.length} events, p50 ${percentile(steadyLatencies, 0.5).toFixed(0)} ms, ` +
        `p99 ${percentile(steadyLatencies, 0.99).toFixed(0)} ms`,
    );
    // Most of the latency is the POST queueing; this is what comes after it.
    afterAnswer.sort((a, b) => a - b);
    console.log(
      `  after the POST was answered (events that arrived later): ${afterAnswer.length}, ` +
        `p50 ${percentile(afterAnswer, 0.5).toFixed(1)} ms, p99 ${percentile(afterAnswer, 0.99).toFixed(1)} ms`,
    );
    // What a report costs the server (its own CPU, whatever else runs), and
    // how busy the clients were: near 100 % of a core, they are the limit.
    const clientBusy = (clientCpu.user + clientCpu.system) / 1000 / (postedSeconds * 1000);
    console.log(
      `  server CPU ${(serverCpu / 1000).toFixed(1)} s in ${postedSeconds.toFixed(1)} s: ` +
        `${(serverCpu / postedInRun).toFixed(2)} ms a position (${postedInRun} answered in the run, ` +
        `${streamCount} streams); clients ${(clientBusy * 100).toFixed(0)} % of a CPU; ` +
        `load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    for (const stream of streams) stream.destroy();
    agent.destroy();
    await stopServer(child);
  }
}

/** The child's resident set size in MB (Linux /proc), or NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Sequential GET /api/health round trips: p50 and p99 in ms. */
async function healthLatency(base: { host: string; port: number }, agent: http.Agent) {
  const times: number[] = [];
  for (let index = 0; index < HEALTH_SAMPLES; index += 1) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get({ ...base, agent, path: '/api/health' }, (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject()));
        })
        .on('error', reject);
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms`;
}

/** 500 open dispatch streams: memory, health latency and one position's fan-out. */
async function measureManyStreams(label: string, database: string) {
  const { child, credentials } = await startServer(database);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const base = { host: '127.0.0.1', port: credentials.port };
  const streams: http.ClientRequest[] = [];
  /** Per latitude: how many streams have it, and when it was posted. */
  const arrivals = new Map<number, number[]>();
  try {
    await healthLatency(base, agent); // warm up
    const idle = { rss: rssMb(child.pid!), health: await healthLatency(base, agent) };
    await Promise.all(
      Array.from(
        { length: MANY_STREAMS },
        (_, index) =>
          new Promise<void>((resolve, reject) => {
            const request = http.get(
              {
                ...base,
                path: '/api/events',
                headers: { cookie: credentials.dispatcherCookies[index] },
              },
              (response) => {
                if (response.statusCode !== 200) {
                  reject(new Error(`stream answered ${response.statusCode}`));
                  return;
                }
                let buffer = '';
                response.setEncoding('utf8');
                response.on('data', (chunk: string) => {
                  buffer += chunk;
                  let end: number;
                  while ((end = buffer.indexOf('\n\n')) >= 0) {
                    const block = buffer.slice(0, end);
                    buffer = buffer.slice(end + 2);
                    if (!block.startsWith('data: ')) continue;
                    const event = JSON.parse(block.slice(6)) as {
                      driver?: { location: { lat: number } | null };
                    };
                    const lat = event.driver?.location?.lat;
                    if (lat !== undefined) arrivals.get(lat)?.push(performance.now());
                  }
                });
                response.on('error', () => undefined);
                resolve();
              },
            );
            request.on('error', () => undefined);
            streams.push(request);
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const open = { rss: rssMb(child.pid!), health: await healthLatency(base, agent) };

    // One position at a time; the time until the last of the 500 streams has it.
    const fanOut: number[] = [];
    for (let index = 0; index < FAN_OUT_POSITIONS; index += 1) {
      const lat = -31.4 - index * 1e-4;
      const received: number[] = [];
      arrivals.set(lat, received);
      const payload = JSON.stringify({ lat, lng: 115.86 });
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const request = http.request(
          {
            ...base,
            agent,
            method: 'POST',
            path: '/api/drivers/me/location',
            headers: {
              cookie: credentials.driverCookies[index],
              origin: ORIGIN,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve());
          },
        );
        request.on('error', () => resolve());
        request.end(payload);
      });
      const deadline = performance.now() + 5000;
      while (received.length < MANY_STREAMS && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      fanOut.push(
        received.length === MANY_STREAMS ? received.at(-1)! - started : Number.POSITIVE_INFINITY,
      );
    }
    fanOut.sort((a, b) => a - b);
    const missed = fanOut.filter((time) => !Number.isFinite(time)).length;
    console.log(
      `${label}, ${MANY_STREAMS} open streams: RSS ${idle.rss.toFixed(0)} MB with none, ` +
        `${open.rss.toFixed(0)} MB with ${MANY_STREAMS} (${(((open.rss - idle.rss) * 1024) / MANY_STREAMS).toFixed(0)} kB a stream)`,
    );
    console.log(
      `  GET /api/health with none: ${idle.health}; with ${MANY_STREAMS}: ${open.health}`,
    );
    console.log(
      `  one position to all ${MANY_STREAMS} streams: p50 ${percentile(fanOut, 0.5).toFixed(0)} ms, ` +
        `max ${(fanOut.at(-1) ?? Number.NaN).toFixed(0)} ms over ${FAN_OUT_POSITIONS} positions` +
        (missed > 0 ? ` (${missed} did not reach every stream within 5 s)` : ''),
    );
  } finally {
    for (const stream of streams) stream.destroy();
    agent.destroy();
    await stopServer(child);
  }
}

/** Many streams on PGlite only (one process holds them all either way). */
export async function manyStreamsBench() {
  await measureManyStreams('pglite', 'pglite');
}

async function benchPostgres() {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`postgres: skipped, ${POSTGRES_URL} is unreachable (${(error as Error).message})`);
    return;
  }
  const name = `chauffeur_bench_events_${process.pid}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const cases: [string, number, number][] = [];
  if (wanted('postgres')) cases.push(['postgres', DRIVER_COUNT, STREAM_COUNT]);
  if (wanted('postgres-many')) {
    cases.push([`postgres, ${MANY_DRIVERS} drivers`, MANY_DRIVERS, MANY_DRIVER_STREAMS]);
  }
  try {
    // A fresh database for each case.
    for (const [label, driverCount, streamCount] of cases) {
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      try {
        await measure(label, url.toString(), driverCount, streamCount);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    }
  } finally {
    await admin.end();
  }
}

export default async function eventsBench() {
  console.log(
    `machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}; ` +
      `${DRIVER_COUNT} drivers every ${REPORT_EVERY_MS / 1000} s, ${STREAM_COUNT} streams, ${RUN_MS / 1000} s`,
  );
  if (wanted('pglite')) await measure('pglite', 'pglite');
  if (wanted('postgres') || wanted('postgres-many')) await benchPostgres();
  if (wanted('streams')) await manyStreamsBench();
}

if (process.env.EVENTS_BENCH_ROLE === 'server') await runServer();
