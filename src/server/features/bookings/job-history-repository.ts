import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  encodeJobHistoryCursor,
  JOB_HISTORY_COUNT_CAP,
  parseJobHistoryCursor,
  type JobHistoryQuery,
  type JobHistoryResponse,
} from '../../../domain/dispatch';
import type { Executor } from '../../db/database';
import { bookings } from '../../db/schema';
import { isoMicros } from '../../db/timestamp-text';
import { bookingTextCondition, loadBookings } from './booking-read-model';

/**
 * Completed jobs, newest first, a page after the cursor (keyset: the rows
 * before the last one shown, read from the (status, pickup_time) index), so a
 * deep page costs what the first does. The count stops at the cap.
 */
export async function listJobHistory(
  db: Executor,
  query: JobHistoryQuery,
): Promise<JobHistoryResponse> {
  const matches = and(
    eq(bookings.status, 'completed'),
    query.q ? bookingTextCondition(query.q) : undefined,
  );
  const cursor = query.cursor ? parseJobHistoryCursor(query.cursor) : null;
  const page = await db
    .select({ id: bookings.id, pickupTime: isoMicros(bookings.pickupTime) })
    .from(bookings)
    .where(
      and(
        matches,
        cursor
          ? sql`(${bookings.pickupTime}, ${bookings.id}) < (${cursor.pickupTime}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(bookings.pickupTime), desc(bookings.id))
    .limit(query.limit + 1);
  const shown = page.slice(0, query.limit);
  const last = shown.at(-1);
  const capped = db
    .select({ one: sql`1` })
    .from(bookings)
    .where(matches)
    .limit(JOB_HISTORY_COUNT_CAP + 1)
    .as('capped');
  const [counted] = await db.select({ total: count() }).from(capped);
  const total = Number(counted?.total ?? 0);
  return {
    bookings: await loadBookings(
      db,
      shown.map((row) => row.id),
    ),
    nextCursor:
      page.length > query.limit && last
        ? encodeJobHistoryCursor({ pickupTime: last.pickupTime, id: last.id })
        : null,
    total: Math.min(total, JOB_HISTORY_COUNT_CAP),
    totalIsCapped: total > JOB_HISTORY_COUNT_CAP,
  };
}
