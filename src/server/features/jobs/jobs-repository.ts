import { TZDate } from '@date-fns/tz';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUSES, type BookingStatus } from '../../../domain/bookings';
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
import { bookings, drivers } from '../../db/schema';
// The bookings feature owns the booking read model; the Jobs Overview shows it.
import { bookingTextCondition, loadBookings } from '../bookings/booking-read-model';

/** The first instant of a business date in the zone. */
export function startOfBusinessDate(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * The needs-attention rules of src/domain/jobs/needs-attention.ts as SQL, for
 * the chip's count and filter. The repository test holds the two equal.
 *
 * The assignment and decline times are the booking's own columns (kept from
 * its events by migration 0021's trigger) and in the pickup-time covering
 * index, so the count reads no table row and no event (decision 63). The
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
    or (${bookings.status} = 'assigned' and ${bookings.acknowledgedAt} is null
        and ${bookings.driverId} is not null and ${bookings.assignedAt} <= ${acknowledgementDue})
    or (${bookings.status} in ('assigned', 'en-route', 'arrived', 'on-board')
        and ${bookings.pickupTime} <= ${soon}
        and exists (select 1 from ${drivers} where ${drivers.id} = ${bookings.driverId}
          and (${drivers.status} <> 'active' or ${drivers.locationUpdatedAt} is null
               or ${drivers.locationUpdatedAt} < ${staleBefore})))
  )`;
}

/** Every filter but status and attention: the chips count within these. */
function baseConditions(query: JobsQuery, range: { from: string; to: string }, timeZone: string) {
  return and(
    sql`${bookings.pickupTime} >= ${startOfBusinessDate(range.from, timeZone)}`,
    sql`${bookings.pickupTime} < ${startOfBusinessDate(dayAfter(range.to), timeZone)}`,
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

function orderBy(query: JobsQuery): SQL[] {
  const direction = query.dir === 'desc' ? desc : asc;
  const tieBreak = [direction(bookings.pickupTime), asc(bookings.id)];
  switch (query.sort) {
    case 'pickupTime':
      return tieBreak;
    case 'reference':
      return [direction(bookings.reference), ...tieBreak];
    case 'passenger':
      return [direction(sql`lower(${bookings.passengerName})`), ...tieBreak];
    case 'status':
      return [direction(bookings.status), ...tieBreak];
    case 'fare':
      return [direction(bookings.fareAmount), ...tieBreak];
    case 'driver':
      return [
        direction(
          sql`(select lower(${drivers.lastName} || ' ' || ${drivers.firstName}) from ${drivers} where ${drivers.id} = ${bookings.driverId})`,
        ),
        ...tieBreak,
      ];
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
      },
      now,
      acknowledgementTimeoutMinutes,
    ),
  }));
}

/** One page of the Jobs Overview with the chips' counts. */
export async function listJobs(
  db: Executor,
  query: JobsQuery,
  context: { now: Date; timeZone: string; acknowledgementTimeoutMinutes?: number },
): Promise<JobsResponse> {
  const { now, timeZone, acknowledgementTimeoutMinutes } = context;
  const range = jobsRange(query, now, timeZone);
  const base = baseConditions(query, range, timeZone);
  const attention = attentionCondition(now, acknowledgementTimeoutMinutes);
  const where = and(
    base,
    query.status?.length ? inArray(bookings.status, query.status) : undefined,
    query.attention === 'true' ? attention : undefined,
  );

  // The page (then its jobs) and the chips' count are asked at once: on
  // PostgreSQL each takes its own connection, so the answer waits for the
  // slower of the two instead of their sum (docs/performance.md).
  const [jobs, grouped] = await Promise.all([
    db
      .select({ id: bookings.id })
      .from(bookings)
      .where(where)
      .orderBy(...orderBy(query))
      .limit(query.limit)
      .offset(query.offset)
      .then((page) =>
        loadJobs(
          db,
          page.map((row) => row.id),
          now,
          acknowledgementTimeoutMinutes,
        ),
      ),
    db
      .select({
        status: bookings.status,
        total: sql<number>`count(*)::int`,
        attention: sql<number>`(count(*) filter (where ${attention}))::int`,
      })
      .from(bookings)
      .where(base)
      .groupBy(bookings.status),
  ]);

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
    jobs,
    total,
    range,
    counts: { all, byStatus, attention: attentionCount },
  };
}

/** Every job the filters match (up to `limit`), for the CSV export. */
export async function listJobsForExport(
  db: Executor,
  query: JobsQuery,
  context: { now: Date; timeZone: string; acknowledgementTimeoutMinutes?: number; limit: number },
): Promise<Job[]> {
  const { jobs } = await listJobs(db, { ...query, limit: context.limit, offset: 0 }, context);
  return jobs;
}
