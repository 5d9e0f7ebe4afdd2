// One measured request of the imports bench (bench/imports.bench.ts), in a
// process of its own so that its peak memory is its own: the app starts on
// the database it is given, signs in, settles (a garbage collection), and
// then answers one preview or import. The kernel's record of the process's
// largest resident set (resourceUsage().maxRSS) catches the peak wherever it
// happens, also inside a synchronous parse that a timer on the same thread
// never interrupts. On Linux the record is reset just before the request
// (writing 5 to /proc/self/clear_refs), so the app's start-up (migrations,
// loading the code) does not count; elsewhere it counts, and says so.
// Prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectPglite, connectPostgres } from '../src/server/db/connect';
import { userProfiles } from '../src/server/db/schema';

export type ChildJob = {
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  /** Only migrate the database and sign the admin up: nothing is measured. */
  setupOnly?: boolean;
  url: '/api/imports/preview' | '/api/imports';
  fileName: string;
  /** The file to send, on disk. */
  filePath: string;
  expectedStatus: number;
};

export type ChildResult = {
  seconds: number;
  /** Resident memory of the settled app just before the request. */
  idleMb: number;
  /** The process's largest resident memory before the request and after it. */
  maxBeforeMb: number;
  maxAfterMb: number;
  /** The record was reset just before the request: start-up does not count. */
  peakReset: boolean;
  counts: unknown;
};

const SECRET = 'bench-secret-that-is-at-least-32-characters-long';
const ORIGIN = 'http://localhost:3000';
const EMAIL = 'bench-admin@example.test';
const PASSWORD = 'bench password 1234';
const MB = 1024 * 1024;

/** resourceUsage().maxRSS is in kilobytes. */
const maxRssMb = () => (process.resourceUsage().maxRSS * 1024) / MB;

/** Resets the kernel's peak resident set to the current one (Linux 4.0 and later). */
function resetPeak(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const job = JSON.parse(process.argv[2] ?? '{}') as ChildJob;
  const connection =
    job.database.kind === 'pglite'
      ? await connectPglite(job.database.dataDir)
      : await connectPostgres(job.database.url);
  await connection.migrate();
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-imports-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: appDir,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: SECRET,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, connection, authSecret: SECRET, webRoot: null });
  await app.ready();
  try {
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email: EMAIL, password: PASSWORD },
      });
    let signedIn = await signIn();
    if (signedIn.statusCode !== 200) {
      const { user } = await app.auth.api.signUpEmail({
        body: { email: EMAIL, password: PASSWORD, name: 'Bench' },
      });
      await connection.db
        .insert(userProfiles)
        .values({ userId: user.id, role: 'admin' })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { role: 'admin' } });
      signedIn = await signIn();
    }
    if (job.setupOnly) {
      process.stdout.write(`${JSON.stringify({ setup: signedIn.statusCode === 200 })}\n`);
      return;
    }
    const cookie = signedIn.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
    // The browser's part: the file read and encoded before the request.
    const payload = JSON.stringify({
      fileName: job.fileName,
      content: fs.readFileSync(job.filePath).toString('base64'),
    });

    (globalThis as { gc?: () => void }).gc?.();
    const idle = process.memoryUsage().rss / MB;
    const peakReset = resetPeak();
    const maxBefore = maxRssMb();
    const start = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: job.url,
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
      payload,
    });
    const seconds = (performance.now() - start) / 1000;
    const maxAfter = maxRssMb();
    if (response.statusCode !== job.expectedStatus) {
      throw new Error(`${job.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    }
    const body = response.json() as { counts?: unknown; report?: { counts: unknown } };
    const result: ChildResult = {
      seconds,
      idleMb: idle,
      maxBeforeMb: maxBefore,
      maxAfterMb: maxAfter,
      peakReset,
      counts: body.counts ?? body.report?.counts,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await app.close();
    await connection.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  }
}

await main();
