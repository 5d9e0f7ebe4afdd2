import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { parsePageCursor, type PageCursor } from '../../../domain/api';
import { BOOKING_STATUSES, type BookingStatus } from '../../../domain/bookings';
import { addCalendarDays, startOfBusinessDate } from '../../../domain/bookings/wall-time';
import { ACKNOWLEDGEMENT_TIMEOUT_MINUTES } from '../../../domain/settings';
import {
  attentionReasons,
  jobsRange,
  STALE_LOCATION_MS,
  UNASSIGNED_WARNING_MS,
  type Job,
  type JobsQuery,
  type JobsResponse,
} from '../../../domain/jobs';
import type { Executor } from '../../db/database';
import { keysetOrderBy, keysetPage, pastCursor, type KeysetOrder } from '../../db/keyset';
import { isoMicros } from '../../db/timestamp-text';
import { bookings, drivers } from '../../db/schema';
// The bookings feature owns the booking read model; the Jobs Overview shows it.
import { loadBookings } from '../bookings/booking-read-model';
import { bookingTextCondition } from '../bookings/booking-text-search';

/**
 * The needs-attention rules of src/domain/jobs/needs-attention.ts as SQL, for
 * the chip's count and filter. The repository test holds the two equal.
 *
 * The assignment, decline and return times are the booking's own columns
 * (kept from its events by migration 0021's trigger, 0029's for the return)
 * and in the pickup-time covering index, so the count reads no table row and no event (decision 63). The
 * driver arm, the only one with a subquery, comes last and runs only for jobs
 * within two hours of pickup.
 */
export function attentionCondition(
  now: Date,
  acknowledgementTimeoutMinutes: number = ACKNOWLEDGEMENT_TIMEOUT_MINUTES.default,
): SQL {
  const soon = new Date(now.getTime() + UNASSIGNED_WARNING_MS);
  const staleBefore = new Date(now.getTime() - STALE_LOCATION_MS);
  const acknowledgementDue = new Date(now.getTime() - acknowledgementTimeoutMinutes * 60_000);
  return sql`(
    (${bookings.status} = 'pending' and ${bookings.pickupTime} <= ${soon})
    or (${bookings.status} = 'assigned' and ${bookings.pickupTime} < ${now})
    or (${bookings.status} = 'pending' and ${bookings.declinedAt} is not null)
    or (${bookings.status} = 'pending' and ${bookings.returnedAt} is not null)
    or (${bookings.status} = 'assigned' and ${bookings.acknowledgedAt} is null
        and ${bookings.driverId} is not null and ${bookings.assignedAt} <= ${acknowledgementDue})
    or (${bookings.status} in ('assigned', 'en-route', 'arrived', 'on-board')
        and ${bookings.pickupTime} <= ${soon}
        and exists (select 1 from ${drivers} where ${drivers.id} = ${bookings.driverId}
          and ((${drivers.status} <> 'active'
                and not (${drivers.status} = 'suspended' and ${bookings.status} = 'on-board'))
               or ${drivers.locationUpdatedAt} is null
               or ${drivers.locationUpdatedAt} < ${staleBefore})))
  )`;
}

/** Every filter but status and attention: the chips count within these. */
function baseConditions(query: JobsQuery, range: { from: string; to: string }, timeZone: string) {
  return and(
    sql`${bookings.pickupTime} >= ${startOfBusinessDate(range.from, timeZone)}`,
    sql`${bookings.pickupTime} < ${startOfBusinessDate(addCalendarDays(range.to, 1), timeZone)}`,
    query.driver === 'none'
      ? isNull(bookings.driverId)
      : query.driver
        ? eq(bookings.driverId, query.driver)
        : undefined,
    query.vehicleType ? eq(bookings.vehicleType, query.vehicleType) : undefined,
    query.account ? eq(bookings.accountCode, query.account.toUpperCase()) : undefined,
    query.source ? eq(bookings.source, query.source) : undefined,
    query.q ? bookingTextCondition(query.q) : undefined,
  );
}

/** The driver's name as the Jobs list sorts it; null without a driver. */
const driverSortName = sql`(select lower(${drivers.lastName} || ' ' || ${drivers.firstName}) from ${drivers} where ${drivers.id} = ${bookings.driverId})`;

/** A booking's place in its shuttle run, 0 outside one: a run's stops share their pickup time. */
const shuttleStop = sql`coalesce(${bookings.shuttleSequence}, 0)`;

/**
 * The list's order: the sorted column, then pickup time, the shuttle stop
 * and id, all in the asked direction, so that a page ends at one row and the
 * next starts past it (keyset, decisions 70 and 247). Jobs without a driver
 * sort after every name ascending, before them descending (PostgreSQL's
 * nulls).
 */
function jobsOrder(query: JobsQuery): KeysetOrder {
  const order = {
    time: bookings.pickupTime,
    stop: shuttleStop,
    id: bookings.id,
    direction: query.dir,
  };
  const asText = (value: string) => sql`${value}::text`;
  switch (query.sort) {
    case 'pickupTime':
      return order;
    case 'reference':
      return { ...order, key: { column: sql`${bookings.reference}`, cast: asText } };
    case 'passenger':
      return { ...order, key: { column: sql`lower(${bookings.passengerName})`, cast: asText } };
    case 'status':
      return { ...order, key: { column: sql`${bookings.status}`, cast: asText } };
    case 'fare':
      return {
        ...order,
        key: { column: sql`${bookings.fareAmount}`, cast: (value) => sql`${value}::numeric` },
      };
    case 'driver':
      return { ...order, key: { column: driverSortName, cast: asText, isNullable: true } };
    default: {
      const unknown: never = query.sort;
      return unknown;
    }
  }
}

/** Bookings as jobs: the bookings read model plus why each needs attention now. */
export async function loadJobs(
  db: Executor,
  ids: string[],
  now: Date,
  acknowledgementTimeoutMinutes: number = ACKNOWLEDGEMENT_TIMEOUT_MINUTES.default,
): Promise<Job[]> {
  const loaded = await loadBookings(db, ids);
  const driverIds = [...new Set(loaded.flatMap((booking) => booking.driver?.id ?? []))];
  const driverRows = driverIds.length
    ? await db
        .select({
          id: drivers.id,
          status: drivers.status,
          locationUpdatedAt: drivers.locationUpdatedAt,
        })
        .from(drivers)
        .where(inArray(drivers.id, driverIds))
    : [];
  const driverById = new Map(driverRows.map((row) => [row.id, row]));
  return loaded.map((booking) => ({
    ...booking,
    attention: attentionReasons(
      {
        status: booking.status,
        pickupTime: new Date(booking.pickupTime),
        driver: booking.driver ? (driverById.get(booking.driver.id) ?? null) : null,
        assignedAt: booking.assignedAt ? new Date(booking.assignedAt) : null,
        acknowledgedAt: booking.acknowledgedAt ? new Date(booking.acknowledgedAt) : null,
        declinedAt: booking.declinedAt ? new Date(booking.declinedAt) : null,
        returnedAt: booking.returnedAt ? new Date(booking.returnedAt) : null,
      },
      now,
      acknowledgementTimeoutMinutes,
    ),
  }));
}

type JobsContext = { now: Date; timeZone: string; acknowledgementTimeoutMinutes?: number };

/** The filters' conditions: every filter, and every filter but status and attention (the chips'). */
function jobsConditions(query: JobsQuery, context: JobsContext) {
  const range = jobsRange(query, context.now, context.timeZone);
  const base = baseConditions(query, range, context.timeZone);
  const attention = attentionCondition(context.now, context.acknowledgementTimeoutMinutes);
  const where = and(
    base,
    query.status?.length ? inArray(bookings.status, query.status) : undefined,
    query.attention === 'true' ? attention : undefined,
  );
  return { range, base, attention, where };
}

/**
 * The page's ids from the cursor on (`limit + 1` of them, to know whether
 * another page follows), with each row's place for the cursors.
 */
function readPageIds(
  db: Executor,
  where: SQL | undefined,
  order: KeysetOrder,
  cursor: PageCursor | null,
  limit: number,
) {
  return db
    .select({
      id: bookings.id,
      at: isoMicros(bookings.pickupTime),
      stop: sql<number>`${shuttleStop}`.mapWith(Number),
      key: order.key ? sql<string | null>`(${order.key.column})::text` : sql<null>`null`,
    })
    .from(bookings)
    .where(and(where, pastCursor(cursor, order)))
    .orderBy(...keysetOrderBy(order, cursor?.isBackward))
    .limit(limit + 1);
}

/**
 * The page from the cursor (keyset on the sort's column, pickup time and id:
 * a deep page costs what the first does), its jobs, and the cursors of the
 * pages after and before it.
 */
async function readPage(
  db: Executor,
  query: JobsQuery,
  where: SQL | undefined,
  context: JobsContext,
) {
  const order = jobsOrder(query);
  let cursor = query.cursor ? parsePageCursor(query.cursor) : null;
  let rows = await readPageIds(db, where, order, cursor, query.limit);
  if (cursor?.isBackward && rows.length < query.limit) {
    // Back at the start with less than a page (jobs came or went since the
    // pages were read): the first page, full, rather than a short one.
    cursor = null;
    rows = await readPageIds(db, where, order, cursor, query.limit);
  }
  const { shown, nextCursor, previousCursor } = keysetPage(
    rows,
    query.limit,
    (row) => ({ at: row.at, stop: row.stop, ...(order.key ? { key: row.key } : {}) }),
    cursor,
  );
  const jobs = await loadJobs(
    db,
    shown.map((row) => row.id),
    context.now,
    context.acknowledgementTimeoutMinutes,
  );
  return { jobs, nextCursor, previousCursor };
}

/** The chips' counts: each status, and those needing attention, within the other filters. */
function countByStatus(db: Executor, base: SQL | undefined, attention: SQL) {
  return db
    .select({
      status: bookings.status,
      total: sql<number>`count(*)::int`,
      attention: sql<number>`(count(*) filter (where ${attention}))::int`,
    })
    .from(bookings)
    .where(base)
    .groupBy(bookings.status);
}

/** One page of the Jobs Overview with the chips' counts (exact: the chips show them). */
export async function listJobs(
  db: Executor,
  query: JobsQuery,
  context: JobsContext,
): Promise<JobsResponse> {
  const { range, base, attention, where } = jobsConditions(query, context);
  const page = await readPage(db, query, where, context);
  const grouped = await countByStatus(db, base, attention);

  const byStatus = Object.fromEntries(BOOKING_STATUSES.map((status) => [status, 0])) as Record<
    BookingStatus,
    number
  >;
  let all = 0;
  let attentionCount = 0;
  let total = 0;
  for (const row of grouped) {
    const status = row.status as BookingStatus;
    byStatus[status] = row.total;
    all += row.total;
    attentionCount += row.attention;
    const isChosen = !query.status?.length || query.status.includes(status);
    if (isChosen) total += query.attention === 'true' ? row.attention : row.total;
  }
  return {
    jobs: page.jobs,
    total,
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    range,
    counts: { all, byStatus, attention: attentionCount },
  };
}

/** Every job the filters match in the list's order (up to `limit`), for the CSV export. */
export async function listJobsForExport(
  db: Executor,
  query: JobsQuery,
  context: JobsContext & { limit: number },
): Promise<Job[]> {
  const { where } = jobsConditions(query, context);
  const rows = await readPageIds(db, where, jobsOrder(query), null, context.limit - 1);
  return loadJobs(
    db,
    rows.map((row) => row.id),
    context.now,
    context.acknowledgementTimeoutMinutes,
  );
}
