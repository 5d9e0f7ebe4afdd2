import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, wrapPglite } from '../src/server/db/connect';
import { search } from '../src/server/features/search/search-repository';
import { generate } from './jobs.bench';

const dir = '/work/scratch/pgl50k';
const fresh = !existsSync(dir);
const pglite = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
const connection = wrapPglite(pglite);
await connection.migrate();
if (fresh) {
  const t = performance.now();
  await generate(connection, 50_000);
  console.log('generated', ((performance.now() - t) / 1000).toFixed(0), 's');
}
const seen: { text: string; params: unknown[]; ms: number }[] = [];
let lastEnd = 0;
const original = pglite.query.bind(pglite);
(pglite as any).query = async (text: string, params?: unknown[], options?: unknown) => {
  const start = performance.now();
  const result = await original(text, params as any, options as any);
  const end = performance.now();
  seen.push({ text, params: params ?? [], ms: end - Math.max(start, lastEnd) });
  lastEnd = end;
  return result;
};
const originalTx = pglite.transaction.bind(pglite);
(pglite as any).transaction = (fn: any) =>
  originalTx(async (tx: any) => {
    const txQuery = tx.query.bind(tx);
    tx.query = async (text: string, params?: unknown[], options?: unknown) => {
      const start = performance.now();
      const result = await txQuery(text, params, options);
      const end = performance.now();
      seen.push({ text: 'TX ' + text, params: params ?? [], ms: end - Math.max(start, lastEnd) });
      lastEnd = end;
      return result;
    };
    return fn(tx);
  });
for (const q of (process.argv[2] ?? 'Walker,Wlaker,0410 012 345,Elizabeth Quay').split(',')) {
  for (let i = 0; i < 3; i++) await search(connection.db, q);
  seen.length = 0;
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const s = performance.now();
    await search(connection.db, q);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const byText = new Map<string, number[]>();
  for (const r of seen) byText.set(r.text, [...(byText.get(r.text) ?? []), r.ms]);
  console.log(`\n== ${q}: p50 ${times[5]!.toFixed(1)} max ${times[9]!.toFixed(1)}`);
  for (const [text, ms] of byText) {
    ms.sort((a, b) => a - b);
    console.log(`  ${ms[Math.floor(ms.length / 2)]!.toFixed(1)} ms  ${text.replace(/\s+/g, ' ').slice(0, 140)}`);
  }
  if (process.env.EXPLAIN) {
    const worst = seen.find((r) => r.text.includes(process.env.EXPLAIN!))!;
    const plan = await original(`explain (analyze, buffers) ${worst.text.replace(/^TX /, '')}`, worst.params as any);
    console.log((plan.rows as any[]).map((r) => r['QUERY PLAN']).join('\n'));
  }
}
await connection.close();
