// `npm run bench:profile -- <health|quote|list|create> [pglite|postgres] [requests]`:
// where one request of the request-path bench spends the server's CPU. Starts
// the bench's app server (bench/request-path-server.ts), seeds as the bench
// does, warms up, has V8's profiler (its 'profile' command) record only the
// measured requests, and prints the share of the profile's samples by package
// (self time) and the busiest functions. The profile stays in .cpu-prof/ for
// Chromium's DevTools.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, health, list, load, quote, startServer, type Request } from './request-path.bench';
import { withTemporaryPostgres } from './temporary-postgres';

const REQUESTS: Record<string, { request: Request; count: number; concurrency: number }> = {
  health: { request: health, count: 20_000, concurrency: 10 },
  quote: { request: quote, count: 20_000, concurrency: 10 },
  list: { request: list, count: 600, concurrency: 1 },
  create: { request: create, count: 600, concurrency: 1 },
};

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[] };

/** Where a frame's code lives: a package, our source folder, or Node's own. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  if (url.startsWith('node:')) return url;
  const source = url.indexOf('/src/');
  if (source >= 0)
    return url
      .slice(source + 1)
      .split('/')
      .slice(0, 3)
      .join('/');
  return path.basename(url);
}

const sourceMaps = new Map<string, SourceMap | null>();

/**
 * A frame of the compiled server (bench/request-path.bench.ts runs it as the
 * app runs its own) seen at its source file and line, through the bundle's
 * source map; any other frame as it is.
 */
function originalFrame(frame: ProfileNode['callFrame']): { url: string; lineNumber: number } {
  if (!frame.url.startsWith('file://') || !frame.url.includes('/.cache/bench-server/'))
    return frame;
  if (!sourceMaps.has(frame.url)) {
    const file = `${fileURLToPath(frame.url)}.map`;
    sourceMaps.set(
      frame.url,
      fs.existsSync(file) ? new SourceMap(JSON.parse(fs.readFileSync(file, 'utf8'))) : null,
    );
  }
  const entry = sourceMaps.get(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry || !('originalSource' in entry)) return frame;
  const source = path.resolve(path.dirname(fileURLToPath(frame.url)), entry.originalSource);
  return { url: source, lineNumber: entry.originalLine };
}

function summarise(profile: Profile, top = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const busy = profile.samples.filter((id) => byId.get(id)!.callFrame.functionName !== '(idle)');
  const total = busy.length;
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, count] of hits) {
    const { functionName } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const { url, lineNumber } = originalFrame(byId.get(id)!.callFrame);
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + count);
    const name = `${functionName || '(anonymous)'} ${owner}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  }
  const print = (title: string, counts: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`  ${((100 * count) / total).toFixed(1).padStart(5)} %  ${name}`);
    }
  };
  console.log(`${total} busy samples`);
  print('self time by owner', byOwner);
  print('self time by function', byFunction);
}

async function profile(kind: string, database: string, target: string, count: number) {
  const chosen = REQUESTS[kind];
  if (!chosen) throw new Error(`request: one of ${Object.keys(REQUESTS).join(', ')}`);
  const profilePath = path.resolve(`.cpu-prof/${kind}-${database}-${Date.now()}.cpuprofile`);
  const app = await startServer(['app', target]);
  try {
    if (chosen.request === list) await app.ask({ kind: 'seed', count: 5_000 });
    // Warmed first (V8 compiles the hot path), then only the measured requests profiled.
    await load(app, chosen.request, Math.min(count, 2_000), chosen.concurrency);
    await app.ask({ kind: 'profile', to: null });
    await load(app, chosen.request, count, chosen.concurrency);
    await app.ask({ kind: 'profile', to: profilePath });
  } finally {
    await app.stop();
  }
  console.log(`${kind} on ${database}: ${profilePath}`);
  summarise(JSON.parse(fs.readFileSync(profilePath, 'utf8')) as Profile);
}

const [kind = 'list', database = 'pglite', requests] = process.argv.slice(2);
fs.mkdirSync('.cpu-prof', { recursive: true });
const count = Number(requests ?? REQUESTS[kind]?.count ?? 0);
if (database === 'postgres') {
  await withTemporaryPostgres('request_profile', (url) => profile(kind, database, url, count));
} else {
  await profile(kind, database, 'pglite', count);
}
