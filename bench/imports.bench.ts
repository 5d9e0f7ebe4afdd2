// Import Manager: 10,000 contacts as a vCard 3.0 file and as a Customer
// template CSV, each previewed then imported through the whole app
// (POST /api/imports/preview, POST /api/imports); then the vCard imported
// again (every row already up to date), and a changed vCard of the same
// 10,000 contacts (every row merged into its customer). On PGlite (on disk,
// as the server keeps it) and PostgreSQL (a temporary database, dropped
// after). Time per request, and the peak resident memory of the server
// process during it above the settled (idle) app's. Each request runs in a
// process of its own (bench/imports-child.ts): the kernel's maxRSS, reset
// just before the request, is then that request's peak, including the
// synchronous parse that a timer on the same thread could not sample. The
// database is migrated and the admin signed up first, in a process of its
// own. PGlite runs inside the measured process, so its memory counts too.
// Target (issue 12): under 10 s on PGlite, at most 200 MB above idle.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ChildJob, ChildResult } from './imports-child';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const CONTACTS = Number(process.env.IMPORTS_BENCH_CONTACTS ?? 10_000);
const MB = 1024 * 1024;
const CHILD = path.join(import.meta.dirname, 'imports-child.ts');

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

/** A vCard 3.0 file of iPhone-like cards; `changed` adds a work address and other notes. */
function vcardFile(from: number, changed = false): string {
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
        ...(changed
          ? [
              `ADR;type=WORK:;;Level ${1 + (index % 40)}\\, 200 St Georges Tce;Perth;WA;6000;Australia`,
              'NOTE:Corporate account since the move. Invoice monthly.',
            ]
          : [
              'NOTE:Imported from the old booking system. Prefers a driver who waits at arri',
              ' vals with a name board.',
            ]),
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

/** Runs one request in a process of its own and reads back what it measured. */
function runChild<T = ChildResult>(job: ChildJob): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', CHILD, JSON.stringify(job)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) {
        reject(new Error(`the measuring process ended with ${code}: ${output.slice(-300)}`));
        return;
      }
      resolve(JSON.parse(line) as T);
    });
  });
}

type Step = {
  label: string;
  url: ChildJob['url'];
  file: { name: string; path: string; bytes: number };
  expectedStatus: number;
};

async function measure(label: string, database: ChildJob['database'], steps: Step[]) {
  console.log(`${label}: ${CONTACTS.toLocaleString('en-AU')} contacts per file`);
  const setup = await runChild<{ setup: boolean }>({
    database,
    setupOnly: true,
    url: '/api/imports',
    fileName: '',
    filePath: '',
    expectedStatus: 0,
  });
  if (!setup.setup) throw new Error('the bench admin could not sign in');
  for (const step of steps) {
    const result = await runChild({
      database,
      url: step.url,
      fileName: step.file.name,
      filePath: step.file.path,
      expectedStatus: step.expectedStatus,
    });
    const above = result.maxAfterMb - result.idleMb;
    // Without the reset, the peak may have been reached while the app started.
    const note = result.peakReset
      ? ''
      : result.maxAfterMb <= result.maxBeforeMb
        ? ' (start-up peak; the request less)'
        : ' (peak since start-up)';
    console.log(
      `  ${step.label.padEnd(40)} ${result.seconds.toFixed(2).padStart(6)} s  peak +${above
        .toFixed(0)
        .padStart(
          4,
        )} MB over idle ${result.idleMb.toFixed(0)} MB${note}  ${JSON.stringify(result.counts)}`,
    );
  }
}

function writeFiles(dir: string) {
  const write = (name: string, text: string) => {
    const filePath = path.join(dir, name);
    fs.writeFileSync(filePath, text);
    return { name, path: filePath, bytes: Buffer.byteLength(text) };
  };
  const vcard = write('contacts.vcf', vcardFile(0));
  const csv = write('customers.csv', csvFile(CONTACTS));
  const changed = write('contacts-changed.vcf', vcardFile(0, true));
  const size = (file: { bytes: number }) => `${(file.bytes / MB).toFixed(1)} MB`;
  const steps: Step[] = [
    {
      label: `preview vCard 3.0 (${size(vcard)})`,
      url: '/api/imports/preview',
      file: vcard,
      expectedStatus: 200,
    },
    { label: 'import vCard 3.0', url: '/api/imports', file: vcard, expectedStatus: 201 },
    {
      label: `preview CSV template (${size(csv)})`,
      url: '/api/imports/preview',
      file: csv,
      expectedStatus: 200,
    },
    { label: 'import CSV template', url: '/api/imports', file: csv, expectedStatus: 201 },
    {
      label: 'import vCard again (no changes)',
      url: '/api/imports',
      file: vcard,
      expectedStatus: 201,
    },
    {
      label: `import changed vCard (${CONTACTS.toLocaleString('en-AU')} merges)`,
      url: '/api/imports',
      file: changed,
      expectedStatus: 201,
    },
  ];
  return steps;
}

async function benchPglite(steps: Step[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-imports-pglite-'));
  try {
    await measure('pglite', { kind: 'pglite', dataDir }, steps);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(steps: Step[]) {
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
  try {
    await measure('postgres', { kind: 'postgres', url: url.toString() }, steps);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export default async function importsBench() {
  console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-imports-files-'));
  try {
    const steps = writeFiles(dir);
    await benchPglite(steps);
    await benchPostgres(steps);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
