// `npm run bundle:report [page ...]`: what a page's first download is made of.
// Builds the web app into a temporary folder (dist/web is left alone), then
// for each public page follows the entry's and the page module's static
// imports through Vite's manifest (what the browser fetches before the page
// renders, the map and other lazy parts excluded) and prints each file's
// gzip size and the packages inside, their share of a file's gzip size
// estimated from their share of its code. See docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, mergeConfig, type Manifest, type Plugin } from 'vite';
import baseConfig from '../vite.config';
import { ownerOf } from './module-owner';
import { PUBLIC_PAGE_MODULES } from './public-budget';

const PAGES = PUBLIC_PAGE_MODULES;

/** Chunk file -> rendered code length of each module in it. */
type ChunkModules = Map<string, Record<string, number>>;

function recordModules(into: ChunkModules): Plugin {
  return {
    name: 'bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [fileName, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const lengths = Object.entries(chunk.modules).map(([id, m]) => [id, m.renderedLength]);
        into.set(fileName, Object.fromEntries(lengths));
      }
    },
  };
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-report-'));
const modules: ChunkModules = new Map();
await build(
  mergeConfig(baseConfig, {
    configFile: false,
    logLevel: 'warn',
    plugins: [recordModules(modules)],
    build: { outDir, manifest: true, sourcemap: false },
  }),
);
const manifest = JSON.parse(
  fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
) as Manifest;
const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const wanted = process.argv.slice(2);
for (const [page, module] of Object.entries(PAGES)) {
  if (wanted.length > 0 && !wanted.includes(page)) continue;
  const files = new Set<string>();
  const stack = [entry, module];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (files.has(key)) continue;
    files.add(key);
    stack.push(...(manifest[key]?.imports ?? []));
  }
  const byOwner = new Map<string, number>();
  let total = 0;
  const lines: string[] = [];
  for (const key of files) {
    const file = manifest[key]!.file;
    const gzip = zlib.gzipSync(fs.readFileSync(path.join(outDir, file))).length;
    total += gzip;
    lines.push(`  ${kb(gzip).padStart(9)}  ${file}`);
    const lengths = Object.entries(modules.get(file) ?? {});
    const code = lengths.reduce((sum, [, length]) => sum + length, 0) || 1;
    for (const [id, length] of lengths) {
      byOwner.set(ownerOf(id), (byOwner.get(ownerOf(id)) ?? 0) + (gzip * length) / code);
    }
  }
  console.log(`/${page}: ${files.size} script files, ${kb(total)} gzip before any interaction`);
  console.log(lines.join('\n'));
  const owners = [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(owners.map(([owner, gzip]) => `  ~${kb(gzip).padStart(8)}  ${owner}`).join('\n'));
}
fs.rmSync(outDir, { recursive: true, force: true });
