import { count, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { encodePageCursor, PAGE_COUNT_CAP, type PageCursor } from '../../domain/api';
import type { Executor } from './database';

// Keyset paging, newest first (src/domain/api/page-cursor.ts): the SQL half.
// A list orders by (time, id) descending, reads one row past the page to know
// whether there is a next one, and counts its matches up to the cap.

/** The rows after the cursor in newest-first order: (time, id) below the last one shown. */
export function beforeCursor(
  cursor: PageCursor | null,
  time: SQLWrapper,
  id: SQLWrapper,
): SQL | undefined {
  return cursor
    ? sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
}

/**
 * The page (the first `limit` rows of `limit + 1` read) and the cursor of the
 * page after it, or null when these were the last rows. `at` is the row's
 * ordering time as isoMicros gives it.
 */
export function keysetPage<Row extends { id: string }>(
  rows: Row[],
  limit: number,
  at: (row: Row) => string,
): { shown: Row[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    shown,
    nextCursor:
      rows.length > limit && last ? encodePageCursor({ at: at(last), id: last.id }) : null,
  };
}

/** How many rows match, reading at most one past the cap. */
export async function countUpToCap(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ total: number; totalIsCapped: boolean }> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(PAGE_COUNT_CAP + 1)
    .as('capped');
  const [counted] = await db.select({ total: count() }).from(capped);
  const total = Number(counted?.total ?? 0);
  return { total: Math.min(total, PAGE_COUNT_CAP), totalIsCapped: total > PAGE_COUNT_CAP };
}
