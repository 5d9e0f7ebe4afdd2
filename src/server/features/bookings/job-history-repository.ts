import { and, desc, eq } from 'drizzle-orm';
import { parsePageCursor } from '../../../domain/api';
import type { JobHistoryQuery, JobHistoryResponse } from '../../../domain/dispatch';
import type { Executor } from '../../db/database';
import { bookings } from '../../db/schema';
import { beforeCursor, countUpToCap, keysetPage } from '../../db/keyset';
import { isoMicros } from '../../db/timestamp-text';
import { loadBookings } from './booking-read-model';
import { bookingTextCondition } from './booking-text-search';

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
  const cursor = query.cursor ? parsePageCursor(query.cursor) : null;
  const rows = await db
    .select({ id: bookings.id, pickupTime: isoMicros(bookings.pickupTime) })
    .from(bookings)
    .where(and(matches, beforeCursor(cursor, bookings.pickupTime, bookings.id)))
    .orderBy(desc(bookings.pickupTime), desc(bookings.id))
    .limit(query.limit + 1);
  const { shown, nextCursor } = keysetPage(rows, query.limit, (row) => ({ at: row.pickupTime }));
  const counted = await countUpToCap(db, bookings, matches);
  return {
    bookings: await loadBookings(
      db,
      shown.map((row) => row.id),
    ),
    nextCursor,
    ...counted,
  };
}
