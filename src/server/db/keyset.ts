import { asc, count, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { encodePageCursor, PAGE_COUNT_CAP, type PageCursor } from '../../domain/api';
import type { Executor } from './database';

// Keyset paging (src/domain/api/page-cursor.ts): the SQL half. A list orders
// by (sort value, time, stop, id), all one way, reads one row past the page
// to know whether there is another, and counts its matches up to the cap.
// Job History and customers page newest first by (time, id); the Jobs
// Overview sorts by a column first, pages both ways (decision 70) and puts a
// shuttle run's stops in their order (decision 247).

/** A list's keyset order: the sort column (if any) before the time and the id, all one way. */
export type KeysetOrder = {
  /**
   * The column sorted on first, how a cursor's text value is cast back to its
   * type, and whether it can be null (PostgreSQL puts nulls last ascending,
   * first descending: above every value).
   */
  key?: { column: SQL; cast: (value: string) => SQL; isNullable?: boolean };
  time: SQLWrapper;
  /**
   * Orders the rows of one time before the id, never null: a shuttle run's
   * stops share their pickup time and read in their sequence.
   */
  stop?: SQLWrapper;
  id: SQLWrapper;
  direction: 'asc' | 'desc';
};

/** ORDER BY for the order, reversed for a backward page (read from the cursor outwards). */
export function keysetOrderBy(order: KeysetOrder, isBackward = false): SQL[] {
  const isAscending = (order.direction === 'asc') !== isBackward;
  const direction = isAscending ? asc : desc;
  return [
    ...(order.key ? [direction(order.key.column)] : []),
    direction(order.time),
    ...(order.stop ? [direction(order.stop)] : []),
    direction(order.id),
  ];
}

/**
 * The rows past the cursor in the order (before it for a backward cursor):
 * a row comparison the order's index can answer; a null sort value is above
 * every value, as PostgreSQL sorts it.
 */
export function pastCursor(cursor: PageCursor | null, order: KeysetOrder): SQL | undefined {
  if (!cursor) return undefined;
  const isUp = (order.direction === 'asc') !== Boolean(cursor.isBackward);
  const op = sql.raw(isUp ? '>' : '<');
  const at = sql`${cursor.at}::timestamptz`;
  const id = sql`${cursor.id}::uuid`;
  // The time, its stop and the id as one value each side.
  const rowTail = order.stop
    ? sql`${order.time}, ${order.stop}, ${order.id}`
    : sql`${order.time}, ${order.id}`;
  const cursorTail = order.stop
    ? sql`${at}, ${cursor.stop ?? 0}::integer, ${id}`
    : sql`${at}, ${id}`;
  // The time's own bound as well, which its index can answer: the row
  // comparison over an expression (the stop) is only a filter.
  const timeBound = order.stop ? sql` and ${order.time} ${op}= ${at}` : sql``;
  const byTime = sql`((${rowTail}) ${op} (${cursorTail})${timeBound})`;
  if (!order.key) return byTime;
  const { column, cast, isNullable } = order.key;
  if (cursor.key === null || cursor.key === undefined) {
    // Within the nulls by time; going down, every value is below them.
    return isUp
      ? sql`(${column} is null and ${byTime})`
      : sql`(${column} is not null or ${byTime})`;
  }
  const byKey = sql`(${column}, ${rowTail}) ${op} (${cast(cursor.key)}, ${cursorTail})`;
  if (!isNullable) return byKey;
  return isUp ? sql`(${column} is null or ${byKey})` : sql`(${column} is not null and ${byKey})`;
}

/** The rows after the cursor in newest-first order: (time, id) below the last one shown. */
export function beforeCursor(
  cursor: PageCursor | null,
  time: SQLWrapper,
  id: SQLWrapper,
): SQL | undefined {
  return pastCursor(cursor, { time, id, direction: 'desc' });
}

/** A row's place in the order: its ordering time as isoMicros gives it, its stop and its sort value. */
type RowPlace = { at: string; key?: string | null; stop?: number };

/**
 * The page out of the `limit + 1` rows read from the cursor (in the reversed
 * order for a backward cursor), with the cursor of the page after it (null
 * after the last row) and of the page before it (null on the first page).
 */
export function keysetPage<Row extends { id: string }>(
  rows: Row[],
  limit: number,
  placeOf: (row: Row) => RowPlace,
  cursor: PageCursor | null = null,
): { shown: Row[]; nextCursor: string | null; previousCursor: string | null } {
  const isBackward = Boolean(cursor?.isBackward);
  const shown = isBackward ? rows.slice(0, limit).reverse() : rows.slice(0, limit);
  const first = shown[0];
  const last = shown.at(-1);
  const hasNext = isBackward || rows.length > limit;
  const hasPrevious = isBackward ? rows.length > limit : cursor !== null;
  return {
    shown,
    nextCursor: hasNext && last ? encodePageCursor({ ...placeOf(last), id: last.id }) : null,
    previousCursor:
      hasPrevious && first
        ? encodePageCursor({ ...placeOf(first), id: first.id, isBackward: true })
        : null,
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
