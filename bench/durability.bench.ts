// What PGLITE_DURABILITY=strict costs: POST /api/bookings through the whole
// app on an embedded database on disk, relaxed (PGlite's default, fsync off)
// against strict (every commit fsynced), one directory reopened in each mode.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectPglite } from '../src/server/db/connect';
import type { PgliteDurability } from '../src/server/db/pglite-durability';
import { userProfiles } from '../src/server/db/schema';
import { benchBookingInput } from './booking-input';

const SECRET = 'bench-secret-that-is-at-least-32-characters-long';
const ORIGIN = 'http://localhost:3000';
const COUNT = 200;
const CONCURRENCY = 10;

function body(index: number) {
  return benchBookingInput(
    index,
    new Date(Date.UTC(2026, 5, 1, 0, index)),
    'Durability bench booking',
  );
}

async function runPool(total: number, concurrency: number, work: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await work(next++);
    }),
  );
}

let offset = 0;

async function measure(dataDir: string, durability: PgliteDurability) {
  const connection = await connectPglite(dataDir, durability);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    SIGN_IN_IP_LIMIT: '10000',
  });
  const app = await buildApp({ config, connection, authSecret: SECRET, webRoot: null });
  try {
    await connection.migrate();
    await app.ready();
    const email = `bench-${durability}@example.test`;
    const { user } = await app.auth.api.signUpEmail({
      body: { email, password: 'bench password 1234', name: 'Bench' },
    });
    await connection.db
      .insert(userProfiles)
      .values({ userId: user.id, role: 'dispatcher' })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { role: 'dispatcher' } });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password: 'bench password 1234' },
    });
    const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
    const post = async (index: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { origin: ORIGIN, cookie },
        payload: body(offset + index),
      });
      if (response.statusCode !== 201) throw new Error(`POST failed: ${response.body}`);
    };
    await runPool(30, 1, post);
    offset += 30;
    const figures: Record<string, number> = {};
    for (const [label, concurrency] of [
      ['sequential', 1],
      [`concurrency ${CONCURRENCY}`, CONCURRENCY],
    ] as const) {
      const start = performance.now();
      await runPool(COUNT, concurrency, post);
      figures[label] = COUNT / ((performance.now() - start) / 1000);
      offset += COUNT;
    }
    return figures;
  } finally {
    await app.close();
    await connection.close();
  }
}

export default async function durabilityBench() {
  console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-durability-'));
  try {
    const relaxed = await measure(dataDir, 'relaxed');
    const strict = await measure(dataDir, 'strict');
    console.log(`PGlite on disk (${dataDir}), POST /api/bookings, ${COUNT} per run`);
    for (const label of Object.keys(relaxed)) {
      const r = relaxed[label]!;
      const s = strict[label]!;
      console.log(
        `  ${label.padEnd(16)} relaxed ${r.toFixed(0).padStart(5)}/s (${(1000 / r).toFixed(1)} ms)  ` +
          `strict ${s.toFixed(0).padStart(5)}/s (${(1000 / s).toFixed(1)} ms)  ` +
          `cost +${(1000 / s - 1000 / r).toFixed(1)} ms per booking (${(r / s).toFixed(2)}x slower)`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
