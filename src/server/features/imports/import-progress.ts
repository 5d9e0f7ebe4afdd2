import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportProgress } from '../../../domain/imports';

/** Rows between progress updates (and turns of the event loop). */
const STEP = 500;
/** How long a finished import's progress stays readable. */
const KEEP_MS = 60_000;

/**
 * Progress of the imports this process is working on, by the id the client
 * sent. Only a display aid: it lives in this process's memory, so behind a
 * load balancer a poll that reaches another process gets 404 and the dialog
 * falls back to showing the row count alone.
 */
export function createProgressRegistry() {
  const entries = new Map<string, ImportProgress & { expires: number }>();
  const sweep = (now: number) => {
    for (const [id, entry] of entries) if (entry.expires < now) entries.delete(id);
  };
  return {
    set(id: string, progress: ImportProgress) {
      const now = Date.now();
      sweep(now);
      entries.set(id, { ...progress, expires: now + KEEP_MS });
    },
    get(id: string): ImportProgress | null {
      const entry = entries.get(id);
      return entry ? { processed: entry.processed, total: entry.total } : null;
    },
  };
}
export type ProgressRegistry = ReturnType<typeof createProgressRegistry>;

/**
 * Applies the row rules (`prepare`, of any import kind) in steps of 500
 * rows, letting the event loop answer progress polls (and every other
 * request) in between.
 */
export async function prepareInSteps<Row, Prepared>(
  rows: Row[],
  prepare: (batch: Row[]) => Prepared[],
  report: (progress: ImportProgress) => void,
): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  for (let start = 0; start < rows.length; start += STEP) {
    prepared.push(...prepare(rows.slice(start, start + STEP)));
    report({ processed: prepared.length, total: rows.length });
    await nextTurn();
  }
  report({ processed: rows.length, total: rows.length });
  return prepared;
}
