import { TZDate } from '@date-fns/tz';
import { sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '../../../domain/bookings';
import {
  BOOKING_EVENT_TYPES,
  DRIVER_TIMELINE_KINDS,
  isDriverTimelineKind,
  parseTimelineCursor,
  timelineCursor,
  timelineDetail,
  timelineKind,
  type DriverTimelineKind,
  type TimelineCursor,
  type TimelineKind,
  type TimelineQuery,
  type TimelineResponse,
} from '../../../domain/timeline';
import type { Executor } from '../../db/database';
import {
  bookingEvents as e,
  bookings,
  complianceSuspensions as suspensions,
  driverShifts as shifts,
  drivers,
  users,
  vehicles,
} from '../../db/schema';
import { isoMicros } from '../../db/timestamp-text';

function dayBounds(date: string, timeZone: string): [Date, Date] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [
    new Date(new TZDate(year, month - 1, day, timeZone).getTime()),
    new Date(new TZDate(year, month - 1, day + 1, timeZone).getTime()),
  ];
}

/** What every source of entries is narrowed by. */
type Filters = {
  day: [Date, Date] | null;
  cursor: TimelineCursor | null;
  limit: number;
};

/**
 * The keyset conditions on one source: the day, and entries older than the
 * cursor ((time, key) below it, keys compared byte by byte as in the order).
 */
function window(at: SQL, key: SQL, { day, cursor }: Filters): SQL[] {
  return [
    ...(day ? [sql`${at} >= ${day[0]}`, sql`${at} < ${day[1]}`] : []),
    ...(cursor
      ? [
          sql`(${at} < ${cursor.occurredAt}::timestamptz or (${at} = ${cursor.occurredAt}::timestamptz and ${key} collate "C" < ${cursor.id} collate "C"))`,
        ]
      : []),
  ];
}

function whereAll(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * The driver a booking event is about: the one assigned by it, taken off by
 * it (declined, returned to dispatch), who accepted or was flagged; else the
 * booking's driver now. Kept on the event by migration 0017's triggers and
 * indexed with the Timeline's order (decision 53).
 */
const eventDriverId = sql`${e.driverId}::text`;

function bookingKindCondition(kind: Exclude<TimelineKind, DriverTimelineKind>): SQL {
  const types = BOOKING_EVENT_TYPES[kind];
  const typeIs = sql`${e.type} in (${sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  )})`;
  if (kind === 'cancelled') return sql`(${typeIs} and ${e.toStatus} = 'cancelled')`;
  if (kind === 'status') return sql`(${typeIs} and ${e.toStatus} is distinct from 'cancelled')`;
  return typeIs;
}

const eventKey = sql`('event:' || lpad(${e.id}::text, 19, '0'))`;

function bookingEventsSource(
  kinds: Exclude<TimelineKind, DriverTimelineKind>[] | null,
  driverId: string | undefined,
  filters: Filters,
): SQL {
  const conditions = [
    ...(kinds ? [sql`(${sql.join(kinds.map(bookingKindCondition), sql` or `)})`] : []),
    ...(driverId ? [sql`${e.driverId} = ${driverId}`] : []),
    ...window(sql`${e.occurredAt}`, eventKey, filters),
  ];
  return sql`(select ${eventKey} as key, ${e.occurredAt} as at, ${e.type} as type,
      ${e.fromStatus} as from_status, ${e.toStatus} as to_status, ${e.changes} as changes,
      ${e.actorUserId} as actor_id, ${eventDriverId} as driver_id, ${e.bookingId} as booking_id
    from ${e}
    ${whereAll(conditions)}
    order by ${e.occurredAt} desc, ${e.id} desc
    limit ${filters.limit})`;
}

/** A driver event: one column of a driver table as the entry's time, with who did it. */
type DriverSource = {
  table: typeof shifts | typeof suspensions;
  at: SQL;
  /** Only rows where it happened (a shift not ended has no end). */
  happened: SQL | null;
  changes: SQL;
  actorId: SQL;
  join: SQL;
};

const DRIVER_SOURCES: Record<DriverTimelineKind, DriverSource> = {
  // Only the driver starts their shift (the driver app); the start names their vehicle.
  'shift-started': {
    table: shifts,
    at: sql`${shifts.startedAt}`,
    happened: null,
    changes: sql`jsonb_build_object('registration', ${vehicles.registration})`,
    actorId: sql`${drivers.userId}`,
    join: sql`inner join ${drivers} on ${drivers.id} = ${shifts.driverId}
      left join ${vehicles} on ${vehicles.id} = ${shifts.vehicleId}`,
  },
  'shift-ended': {
    table: shifts,
    at: sql`${shifts.endedAt}`,
    happened: sql`${shifts.endedAt} is not null`,
    changes: sql`'{}'::jsonb`,
    actorId: sql`${shifts.endedBy}`,
    join: sql``,
  },
  // Opened and lifted by the compliance check (documents feature): the system.
  suspended: {
    table: suspensions,
    at: sql`${suspensions.startedAt}`,
    happened: null,
    changes: sql`jsonb_build_object('reason', ${suspensions.reason})`,
    actorId: sql`null::text`,
    join: sql``,
  },
  'suspension-lifted': {
    table: suspensions,
    at: sql`${suspensions.liftedAt}`,
    happened: sql`${suspensions.liftedAt} is not null`,
    changes: sql`'{}'::jsonb`,
    actorId: sql`null::text`,
    join: sql``,
  },
};

function driverEventsSource(
  kind: DriverTimelineKind,
  driverId: string | undefined,
  filters: Filters,
): SQL {
  const source = DRIVER_SOURCES[kind];
  const { table } = source;
  const key = sql`(${kind + ':'} || ${table.id}::text)`;
  const conditions = [
    ...(source.happened ? [source.happened] : []),
    ...(driverId ? [sql`${table.driverId} = ${driverId}`] : []),
    ...window(source.at, key, filters),
  ];
  return sql`(select ${key} as key, ${source.at} as at, ${kind} as type,
      null::text as from_status, null::text as to_status, ${source.changes} as changes,
      ${source.actorId} as actor_id, ${table.driverId}::text as driver_id, null::uuid as booking_id
    from ${table} ${source.join}
    ${whereAll(conditions)}
    order by ${source.at} desc, ${key} collate "C" desc
    limit ${filters.limit})`;
}

type EntryRow = {
  key: string;
  at_text: string;
  type: string;
  from_status: string | null;
  to_status: string | null;
  changes: Record<string, unknown> | string | null;
  actor_id: string | null;
  actor_name: string | null;
  driver_id: string | null;
  driver_first_name: string | null;
  driver_last_name: string | null;
  booking_id: string | null;
  reference: string | null;
  pickup_time_text: string | null;
  pickup_location: string | null;
  dropoff_location: string | null;
  passenger_name: string | null;
  phone: string | null;
};

const toIso = (microsText: string) => new Date(microsText).toISOString();

/**
 * The Timeline newest first, one keyset page at a time: booking events and
 * drivers' shifts and suspensions, merged. Each source gives its newest
 * `limit + 1` rows past the cursor (each read newest first), and the merge
 * keeps the newest of those; entries at one instant are ordered by their id.
 */
export async function listTimeline(
  db: Executor,
  query: TimelineQuery,
  timeZone: string,
): Promise<TimelineResponse> {
  const filters: Filters = {
    day: query.date ? dayBounds(query.date, timeZone) : null,
    cursor: query.before ? parseTimelineCursor(query.before) : null,
    limit: query.limit + 1,
  };
  const kinds = query.type?.length ? [...new Set(query.type)] : null;
  const bookingKinds = kinds
    ? kinds.filter(
        (kind): kind is Exclude<TimelineKind, DriverTimelineKind> => !isDriverTimelineKind(kind),
      )
    : null;
  const driverKinds = kinds ? kinds.filter(isDriverTimelineKind) : [...DRIVER_TIMELINE_KINDS];
  const sources = [
    ...(bookingKinds === null || bookingKinds.length > 0
      ? [bookingEventsSource(bookingKinds, query.driver, filters)]
      : []),
    ...driverKinds.map((kind) => driverEventsSource(kind, query.driver, filters)),
  ];

  const result = await db.execute(sql`
    select page.key, ${isoMicros(sql`page.at`)} as at_text, page.type, page.from_status,
      page.to_status, page.changes, page.actor_id, ${users.name} as actor_name,
      page.driver_id, ${drivers.firstName} as driver_first_name, ${drivers.lastName} as driver_last_name,
      page.booking_id, ${bookings.reference} as reference,
      ${isoMicros(bookings.pickupTime)} as pickup_time_text,
      ${bookings.pickupLocation} as pickup_location, ${bookings.dropoffLocation} as dropoff_location,
      ${bookings.passengerName} as passenger_name, ${bookings.phone} as phone
    from (${sql.join(sources, sql` union all `)}) as page
    left join ${bookings} on ${bookings.id} = page.booking_id
    left join ${users} on ${users.id} = page.actor_id
    left join ${drivers} on ${drivers.id}::text = page.driver_id
    order by page.at desc, page.key collate "C" desc
    limit ${filters.limit}`);
  const rows = (result as unknown as { rows: EntryRow[] }).rows;

  const page = rows.slice(0, query.limit);
  const entries = page.map((row) => {
    const changes =
      typeof row.changes === 'string'
        ? (JSON.parse(row.changes) as Record<string, unknown>)
        : (row.changes ?? {});
    const hasDriver = row.driver_id !== null && row.driver_first_name !== null;
    return {
      id: row.key,
      occurredAt: toIso(row.at_text),
      kind: timelineKind(row.type, row.to_status),
      fromStatus: (row.from_status as BookingStatus | null) ?? null,
      toStatus: (row.to_status as BookingStatus | null) ?? null,
      detail: timelineDetail(row.type, changes, timeZone),
      booking: row.booking_id
        ? {
            id: row.booking_id,
            reference: row.reference ?? '',
            pickupTime: toIso(row.pickup_time_text!),
            pickupLocation: row.pickup_location ?? '',
            dropoffLocation: row.dropoff_location ?? '',
            passengerName: row.passenger_name ?? '',
            phone: row.phone ?? '',
          }
        : null,
      driver: hasDriver
        ? {
            id: row.driver_id!,
            name: `${row.driver_first_name} ${row.driver_last_name ?? ''}`.trim(),
          }
        : null,
      actor: row.actor_id ? { id: row.actor_id, name: row.actor_name ?? '' } : null,
    };
  });
  const last = page.at(-1);
  return {
    entries,
    nextCursor:
      rows.length > query.limit && last
        ? timelineCursor({ occurredAt: last.at_text, id: last.key })
        : null,
  };
}
