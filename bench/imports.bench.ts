// Import Manager: 10,000 contacts as a vCard 3.0 file and as a Customer
// template CSV, each previewed then imported through the whole app
// (POST /api/imports/preview, POST /api/imports), then the vCard imported
// again (every row already up to date). On PGlite and PostgreSQL (a
// temporary database, dropped after). Time per request, and the process's
// peak resident memory during it above the idle app's (sampled every 10 ms;
// PGlite runs inside this process, so its memory counts too).
// Target (issue 12): under 10 s on PGlite, at most 200 MB above idle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectPostgres, wrapPglite, type Connection } from '../src/server/db/connect';
import { userProfiles } from '../src/server/db/schema';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const SECRET = 'bench-secret-that-is-at-least-32-characters-long';
const ORIGIN = 'http://localhost:3000';
const CONTACTS = 10_000;
const MB = 1024 * 1024;

const FIRST = ['Olivia', 'Jack', 'Charlotte', 'Noah', 'Amelia', 'William', 'Isla', 'Lachlan'];
const LAST = ['Smith', 'Nguyen', 'Brown', 'Wilson', 'Taylor', "O'Brien", 'Lefèvre', 'Patel'];

function person(index: number) {
  return {
    first: FIRST[index % FIRST.length]!,
    last: `${LAST[index % LAST.length]!}${index}`,
    phone: `04${String(10_000_000 + index).padStart(8, '0')}`,
    email: `contact${index}@example.com.au`,
    address: `${1 + (index % 300)} Hay Street, Perth WA 6000`,
  };
}

function vcardFile(from: number): string {
  const cards: string[] = [];
  for (let index = from; index < from + CONTACTS; index += 1) {
    const p = person(index);
    cards.push(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `N:${p.last};${p.first};;;`,
        `FN:${p.first} ${p.last}`,
        `item1.TEL;type=CELL;type=pref:${p.phone}`,
        'item1.X-ABLabel:_$!<Mobile>!$_',
        `EMAIL;type=INTERNET;type=HOME:${p.email}`,
        `ADR;type=HOME:;;${p.address.replace(', Perth WA 6000', '')};Perth;WA;6000;Australia`,
        'NOTE:Imported from the old booking system. Prefers a driver who waits at arri',
        ' vals with a name board.',
        'END:VCARD',
      ].join('\r\n'),
    );
  }
  return `${cards.join('\r\n')}\r\n`;
}

function csvFile(from: number): string {
  const rows = ['First Name,Last Name,Phone Number,Email Address,Home Address,Notes'];
  for (let index = from; index < from + CONTACTS; index += 1) {
    const p = person(index);
    rows.push(`${p.first},"${p.last}",${p.phone},${p.email},"${p.address}",Account customer`);
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** Runs `work`, sampling resident memory; returns seconds and the peak above `idle`. */
async function measured(idle: number, work: () => Promise<void>) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds: (performance.now() - start) / 1000, aboveIdleMb: (peak - idle) / MB };
}

async function measure(kind: 'pglite' | 'postgres', connection: Connection) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-imports-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: SECRET,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, connection, authSecret: SECRET, webRoot: null });
  await app.ready();
  try {
    const { user } = await app.deps.auth.api.signUpEmail({
      body: { email: 'bench-admin@example.test', password: 'bench password 1234', name: 'Bench' },
    });
    await connection.db
      .insert(userProfiles)
      .values({ userId: user.id, role: 'admin' })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { role: 'admin' } });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: 'bench-admin@example.test', password: 'bench password 1234' },
    });
    const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
    const send = async (url: string, fileName: string, text: string, expected: number) => {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN, cookie },
        payload: { fileName, content: Buffer.from(text).toString('base64') },
      });
      if (response.statusCode !== expected) {
        throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      }
      return response.json() as { counts?: unknown; report?: { counts: unknown } };
    };

    const files = [
      { name: 'contacts.vcf', text: vcardFile(0), format: 'vCard 3.0' },
      { name: 'customers.csv', text: csvFile(CONTACTS), format: 'CSV template' },
    ];
    console.log(`${kind}: ${CONTACTS.toLocaleString('en-AU')} contacts per file`);
    const idle = () => {
      (globalThis as { gc?: () => void }).gc?.();
      return process.memoryUsage().rss;
    };
    const line = (
      label: string,
      result: { seconds: number; aboveIdleMb: number },
      counts: unknown,
    ) =>
      console.log(
        `  ${label.padEnd(34)} ${result.seconds.toFixed(2).padStart(6)} s  peak +${result.aboveIdleMb
          .toFixed(0)
          .padStart(4)} MB over idle  ${JSON.stringify(counts)}`,
      );
    for (const file of files) {
      const size = `${(Buffer.byteLength(file.text) / MB).toFixed(1)} MB`;
      let counts: unknown;
      const preview = await measured(idle(), async () => {
        counts = (await send('/api/imports/preview', file.name, file.text, 200)).counts;
      });
      line(`preview ${file.format} (${size})`, preview, counts);
      const imported = await measured(idle(), async () => {
        counts = (await send('/api/imports', file.name, file.text, 201)).report?.counts;
      });
      line(`import ${file.format}`, imported, counts);
    }
    let counts: unknown;
    const again = await measured(idle(), async () => {
      counts = (await send('/api/imports', files[0]!.name, files[0]!.text, 201)).report?.counts;
    });
    line('import vCard again (no changes)', again, counts);
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
  const name = `chauffeur_bench_imports_${process.pid}`;
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

export default async function importsBench() {
  console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
  await benchPglite();
  await benchPostgres();
}
