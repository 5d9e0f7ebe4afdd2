import { TZDate } from '@date-fns/tz';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '../../../domain/bookings';
import {
  parseTimelineCursor,
  timelineCursor,
  timelineKind,
  type TimelineKind,
  type TimelineQuery,
  type TimelineResponse,
} from '../../../domain/timeline';
import type { Executor } from '../../db/database';
import { bookingEvents, bookings, drivers, users } from '../../db/schema';
import { isoMicros } from '../../db/timestamp-text';

function kindCondition(kind: TimelineKind): SQL {
  switch (kind) {
    case 'created':
      return eq(bookingEvents.type, 'created');
    case 'assigned':
      return eq(bookingEvents.type, 'assigned');
    case 'edited':
      return eq(bookingEvents.type, 'updated');
    case 'cancelled':
      return and(eq(bookingEvents.type, 'status'), eq(bookingEvents.toStatus, 'cancelled'))!;
    case 'status':
      return sql`(${bookingEvents.type} = 'status' and ${bookingEvents.toStatus} is distinct from 'cancelled')`;
    default: {
      const unknown: never = kind;
      return unknown;
    }
  }
}

/** The driver an entry is about: the one assigned by it, else the booking's driver. */
const entryDriverId = sql<
  string | null
>`coalesce(${bookingEvents.changes} -> 'driverId' ->> 'to', ${bookings.driverId}::text)`;

function dayBounds(date: string, timeZone: string): [Date, Date] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [
    new Date(new TZDate(year, month - 1, day, timeZone).getTime()),
    new Date(new TZDate(year, month - 1, day + 1, timeZone).getTime()),
  ];
}

function entryDetail(kind: TimelineKind, changes: Record<string, unknown>): string | null {
  if (kind === 'cancelled' && typeof changes.reason === 'string') return changes.reason;
  if (kind === 'edited') {
    const fields = Object.keys(changes);
    return fields.length ? fields.join(', ') : null;
  }
  return null;
}

/** Booking events newest first, one keyset page at a time. */
export async function listTimeline(
  db: Executor,
  query: TimelineQuery,
  timeZone: string,
): Promise<TimelineResponse> {
  const cursor = query.before ? parseTimelineCursor(query.before) : null;
  const day = query.date ? dayBounds(query.date, timeZone) : null;
  const where = and(
    query.type?.length ? sql`(${sql.join(query.type.map(kindCondition), sql` or `)})` : undefined,
    query.driver ? sql`${entryDriverId} = ${query.driver}` : undefined,
    day
      ? sql`${bookingEvents.occurredAt} >= ${day[0]} and ${bookingEvents.occurredAt} < ${day[1]}`
      : undefined,
    cursor
      ? sql`(${bookingEvents.occurredAt}, ${bookingEvents.id}) < (${cursor.occurredAt}::timestamptz, ${cursor.id})`
      : undefined,
  );
  const rows = await db
    .select({
      id: bookingEvents.id,
      type: bookingEvents.type,
      fromStatus: bookingEvents.fromStatus,
      toStatus: bookingEvents.toStatus,
      changes: bookingEvents.changes,
      occurredAt: bookingEvents.occurredAt,
      occurredAtText: isoMicros(bookingEvents.occurredAt),
      actorId: users.id,
      actorName: users.name,
      driverId: entryDriverId,
      bookingId: bookings.id,
      reference: bookings.reference,
      pickupTime: bookings.pickupTime,
      pickupLocation: bookings.pickupLocation,
      dropoffLocation: bookings.dropoffLocation,
      passengerName: bookings.passengerName,
      phone: bookings.phone,
    })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .leftJoin(users, eq(users.id, bookingEvents.actorUserId))
    .where(where)
    .orderBy(desc(bookingEvents.occurredAt), desc(bookingEvents.id))
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const driverIds = [...new Set(page.flatMap((row) => row.driverId ?? []))].filter((id) =>
    /^[0-9a-f-]{36}$/i.test(id),
  );
  const driverRows = driverIds.length
    ? await db
        .select({ id: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName })
        .from(drivers)
        .where(inArray(drivers.id, driverIds))
    : [];
  const driverName = new Map(
    driverRows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]),
  );

  const entries = page.map((row) => {
    const kind = timelineKind(row.type, row.toStatus);
    const driver = row.driverId ? driverName.get(row.driverId) : undefined;
    return {
      id: Number(row.id),
      occurredAt: row.occurredAt.toISOString(),
      kind,
      fromStatus: (row.fromStatus as BookingStatus | null) ?? null,
      toStatus: (row.toStatus as BookingStatus | null) ?? null,
      detail: entryDetail(kind, row.changes ?? {}),
      booking: {
        id: row.bookingId,
        reference: row.reference,
        pickupTime: row.pickupTime.toISOString(),
        pickupLocation: row.pickupLocation,
        dropoffLocation: row.dropoffLocation,
        passengerName: row.passengerName,
        phone: row.phone,
      },
      driver: row.driverId && driver !== undefined ? { id: row.driverId, name: driver } : null,
      actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
    };
  });
  const last = page.at(-1);
  return {
    entries,
    nextCursor:
      rows.length > query.limit && last
        ? timelineCursor({ occurredAt: last.occurredAtText, id: Number(last.id) })
        : null,
  };
}
