// What a failed browser test's trace says, printed after the run: its last
// steps, the requests around its end (slow, failed or refused ones first of
// all) and the page's console errors. CI keeps no files between runs, so a
// flaky failure can only be understood from what the log shows (decision 238).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The texts of one trace.zip's files: test.trace, and each page's *.trace and *.network. */
export type TraceFiles = { test: string; traces: string[]; networks: string[] };

type Line = Record<string, unknown>;

/** Requests this slow are always listed; others only near the end. */
const SLOW_MS = 1_000;
/** How long before the failure a request is listed however it went. */
const WINDOW_MS = 15_000;
const MAX_STEPS = 12;
const MAX_REQUESTS = 60;
const MAX_CONSOLE = 15;

function lines(text: string): Line[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Line];
      } catch {
        return [];
      }
    });
}

/** A wall-clock time as seconds before the end ('-3.2 s'). */
function before(end: number, wall: number): string {
  return `${((wall - end) / 1000).toFixed(1)} s`.padStart(8);
}

/** The digest of one failed test's trace, as lines of text. */
export function digestTrace(files: TraceFiles): string[] {
  const test = lines(files.test);
  const options = test.find((line) => line.type === 'context-options');
  const wallTime = Number(options?.wallTime ?? 0);
  const monotonic = Number(options?.monotonicTime ?? 0);
  const wallOf = (time: number) => wallTime + (time - monotonic);

  const ends = new Map<string, number>();
  for (const line of test) {
    if (line.type === 'after') ends.set(String(line.callId), Number(line.endTime));
  }
  const steps = test.filter(
    (line) =>
      line.type === 'before' &&
      (line.method === 'pw:api' || line.method === 'expect') &&
      line.stack,
  );
  const failed = test.find((line) => line.type === 'error');
  const lastEnd = Math.max(0, ...ends.values());
  const end = wallOf(lastEnd);

  const out: string[] = ['  steps (seconds before the end, how long each took):'];
  for (const step of steps.slice(-MAX_STEPS)) {
    const started = Number(step.startTime);
    const took = (ends.get(String(step.callId)) ?? lastEnd) - started;
    const subtitle = step.subtitle ? ` ${String(step.subtitle)}` : '';
    out.push(
      `  ${before(end, wallOf(started))}  ${String(step.title)}${subtitle} (${Math.round(took)} ms)`,
    );
  }
  if (failed)
    out.push(`  failed: ${stripVTControlCharacters(String(failed.message).split('\n')[0]!)}`);

  type Request = { wall: number; text: string; notable: boolean };
  const requests: Request[] = [];
  for (const network of files.networks) {
    for (const line of lines(network)) {
      const snapshot = line.snapshot as
        | {
            startedDateTime?: string;
            time?: number;
            request?: { method?: string; url?: string };
            response?: { status?: number; _failureText?: string };
          }
        | undefined;
      if (line.type !== 'resource-snapshot' || !snapshot?.request?.url) continue;
      const wall = Date.parse(snapshot.startedDateTime ?? '');
      const url = new URL(snapshot.request.url);
      const status = snapshot.response?.status ?? -1;
      const took = Math.round(snapshot.time ?? -1);
      const failure = snapshot.response?._failureText;
      const notable = took >= SLOW_MS || status >= 400 || status <= 0;
      requests.push({
        wall,
        notable,
        text: `${before(end, wall)}  ${snapshot.request.method ?? 'GET'} ${url.host}${url.pathname}${url.search} -> ${status <= 0 ? (failure ?? 'no answer') : status} (${took} ms)`,
      });
    }
  }
  const shown = requests
    .filter((request) => request.notable || request.wall >= end - WINDOW_MS)
    .sort((a, b) => a.wall - b.wall)
    .slice(-MAX_REQUESTS);
  out.push(
    `  requests (${shown.length} of ${requests.length}: the last ${WINDOW_MS / 1000} s, and any slower than ${SLOW_MS} ms or refused):`,
    ...shown.map((request) => `  ${request.text}`),
  );

  const consoleLines = files.traces
    .flatMap(lines)
    .filter(
      (line) =>
        (line.type === 'console' &&
          (line.messageType === 'error' || line.messageType === 'warning')) ||
        (line.type === 'event' && line.method === 'pageError'),
    )
    .map((line) => {
      const where = (line.location as { url?: string } | undefined)?.url ?? '';
      const text = String(line.text ?? JSON.stringify(line.params ?? {})).slice(0, 200);
      return `  ${before(end, wallOf(Number(line.time)))}  ${String(line.messageType ?? 'page error')}: ${text}${where ? ` (${where})` : ''}`;
    });
  const unique = [...new Set(consoleLines)];
  out.push(`  console errors and warnings (${unique.length}):`, ...unique.slice(-MAX_CONSOLE));
  return out;
}

/** The text of one file inside a zip, through Debian's unzip; null when it cannot be read. */
function unzipped(zip: string, name: string): string | null {
  const result = spawnSync('unzip', ['-p', zip, name], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return result.status === 0 ? result.stdout : null;
}

/** Prints the digest of every trace.zip under `dir` (the run's output folder). */
export function printTraceDigests(dir: string): void {
  if (!fs.existsSync(dir)) return;
  const zips = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'trace.zip')
    .map((file) => path.join(dir, file));
  for (const zip of zips) {
    console.log(`\n--- what the trace of ${path.dirname(path.relative(dir, zip))} says`);
    const listing = spawnSync('unzip', ['-Z1', zip], { encoding: 'utf8' });
    if (listing.status !== 0) {
      console.log(
        `  (unzip could not read it: ${listing.error?.message ?? listing.stderr.trim()})`,
      );
      continue;
    }
    const names = listing.stdout.split('\n').filter(Boolean);
    const read = (pattern: RegExp) =>
      names.filter((name) => pattern.test(name)).flatMap((name) => unzipped(zip, name) ?? []);
    const files: TraceFiles = {
      test: read(/^test\.trace$/).join('\n'),
      traces: read(/^\d+-trace\.trace$/),
      networks: read(/^\d+-trace\.network$/),
    };
    for (const line of digestTrace(files)) console.log(line);
  }
}
