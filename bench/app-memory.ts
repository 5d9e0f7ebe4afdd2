// The running app's RSS under booking load (issue 14, "Memory"; decision 67).
//
//   DATA_DIR=/tmp/x PORT=3904 node scripts/start.mjs &   (seeds the demo data)
//   node --import tsx bench/app-memory.ts 3904 <server pid> 300
//
// Signs in as the demo dispatcher, creates bookings over 4 connections for
// the given seconds (a list of 50 every tenth), and prints the server's RSS
// (/proc/<pid>/status, VmRSS) idle, every 30 s, at the end and 30 s after,
// with the load average. Not a .bench.ts: it measures a server started apart.
import fs from 'node:fs';
import { benchBookingInput } from './booking-input';

const [port, pid, seconds] = process.argv.slice(2).map(Number);
if (!port || !pid || !seconds) {
  console.error('usage: node --import tsx bench/app-memory.ts <port> <server pid> <seconds>');
  process.exit(1);
}
const base = `http://127.0.0.1:${port}`;

function rssMb(): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
}
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: 'dispatcher@demo.test', password: 'demo1234' }),
});
if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((value) => value.split(';')[0])
  .join('; ');
console.log(`idle RSS ${rssMb()} MB (load ${load()})`);

let next = 0;
let created = 0;
let failed = 0;
let lastFailure = '';
const end = Date.now() + seconds * 1000;

async function worker(): Promise<void> {
  while (Date.now() < end) {
    const index = next++;
    const response = await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify(
        benchBookingInput(
          index,
          new Date(Date.now() + 86_400_000 + index * 60_000),
          'Memory load booking',
        ),
      ),
    });
    const text = await response.text();
    if (!response.ok) {
      failed += 1;
      lastFailure = `${response.status} ${text.slice(0, 200)}`;
      continue;
    }
    created += 1;
    if (index % 10 === 0)
      await (await fetch(`${base}/api/bookings?limit=50`, { headers: { cookie } })).text();
  }
}

const started = Date.now();
const timer = setInterval(() => {
  const at = Math.round((Date.now() - started) / 1000);
  console.log(`  ${at} s: RSS ${rssMb()} MB, ${created} bookings (load ${load()})`);
}, 30_000);
await Promise.all([worker(), worker(), worker(), worker()]);
clearInterval(timer);
console.log(
  `after ${seconds} s of load: RSS ${rssMb()} MB, ${created} bookings, ${failed} failed ${lastFailure} (load ${load()})`,
);
await new Promise((resolve) => setTimeout(resolve, 30_000));
console.log(`30 s after the load: RSS ${rssMb()} MB (load ${load()})`);
