// `node --import tsx bench/web-profile.ts [url]`: where a page's main thread
// goes at load, by package. Opens the page in Chromium (Debian's) at
// Lighthouse's 4x CPU slowdown with V8's sampling profiler on, until the
// network is idle, and maps every sample's function through the built
// scripts' source maps to its package (or src/ folder): self time, and the
// time under the top-level module evaluation versus everything after it
// (hydration, effects, timers). Serve the built app first (npm run build;
// npm start). Context for bench:web's scores, not a figure to compare
// across machines.
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
import { ownerOf } from '../scripts/module-owner';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const url = process.argv[2] ?? 'http://localhost:3000/calculator';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'networkidle' });
const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
await browser.close();

const maps = new Map<string, Promise<TraceMap | null>>();
function mapFor(scriptUrl: string) {
  if (!maps.has(scriptUrl)) {
    maps.set(
      scriptUrl,
      fetch(`${scriptUrl}.map`)
        .then(async (response) => (response.ok ? new TraceMap(await response.text()) : null))
        .catch(() => null),
    );
  }
  return maps.get(scriptUrl)!;
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
const owners = new Map<number, string>();
for (const node of profile.nodes) {
  const { url: scriptUrl, lineNumber, columnNumber, functionName } = node.callFrame;
  let owner = functionName.startsWith('(') ? functionName : `(${functionName || 'anonymous'})`;
  if (/^https?:/.test(scriptUrl)) {
    const map = await mapFor(scriptUrl);
    const position = map
      ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber })
      : null;
    owner = position?.source
      ? ownerOf(position.source)
      : `${scriptUrl.split('/').pop()!} (unmapped)`;
  }
  owners.set(node.id, owner);
}
/**
 * True if a sample's stack is under a chunk's top-level code (its
 * evaluation): the outermost such chunk. The entry (index-*.js) is left out: its top level awaits the
 * page's modules and then starts the hydration.
 */
function evaluatedChunk(id: number): string | null {
  let chunk: string | null = null;
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!.callFrame;
    if (frame.functionName === '' && /^https?:.*\/(?!index-)[^/]+\.js$/.test(frame.url)) {
      chunk = frame.url.split('/').pop()!;
    }
  }
  return chunk;
}

const self = new Map<string, number>();
let evaluation = 0;
let after = 0;
const byChunk = new Map<string, number>();
profile.samples.forEach((id, index) => {
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  const owner = owners.get(id)!;
  if (owner === '(idle)') return;
  self.set(owner, (self.get(owner) ?? 0) + ms);
  if (owner === '(program)' || owner === '(garbage collector)') return;
  const chunk = evaluatedChunk(id);
  if (chunk === null) after += ms;
  else {
    evaluation += ms;
    const key = `${chunk}: ${owner}`;
    byChunk.set(key, (byChunk.get(key) ?? 0) + ms);
  }
});
const total = [...self.values()].reduce((sum, ms) => sum + ms, 0);
console.log(
  `${url}: ${total.toFixed(0)} ms busy on the main thread at 4x slowdown (until network idle)`,
);
console.log(
  `  scripts' top-level evaluation ${evaluation.toFixed(0)} ms, the rest (hydration, effects, timers) ${after.toFixed(0)} ms`,
);
for (const [owner, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${owner}`);
}
console.log('  evaluation by chunk and package:');
for (const [key, ms] of [...byChunk].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
  console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
}
