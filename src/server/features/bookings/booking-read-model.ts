import { and, asc, count, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  type Booking,
  type BookingEvent,
  type BookingSource,
  type BookingStatus,
} from '../../../domain/bookings';
import { centsToDollars, dollarsToCents } from '../../../domain/format';
import { phoneSearchDigits } from '../../../domain/customers';
import type { VehicleType } from '../../../domain/vehicles';
import type { Executor } from '../../db/database';
import { prepareDecoded, preparedStatements } from '../../db/prepared';
import { selectionDecoder } from '../../db/recordset';
import {
  bookingEvents,
  bookings,
  customers,
  driverShifts,
  drivers,
  users,
  vehicles,
} from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import { matchesFolded } from '../../lib/search-fold';
import { bookingPhoneDigits } from './booking-text-search';

// The bookings read model: bookings as the API shows them (joined with their
// customer, driver and vehicle) and their history. A driver's jobs are in
// driver-jobs-read-model.ts, the writes in bookings-repository.ts.

export type BookingRow = typeof bookings.$inferSelect;

/**
 * When the booking's current assignment was made, and what happened to it
 * since, in the order the events were recorded (not by their tap times). The
 * assignment, decline and return times are columns that migration 0021's
 * trigger keeps from the events (decision 63; 0029 added the return); the
 * reasons and the rarer flag are read from the events.
 */
const lastAssignmentId = sql`(select max(a.id) from ${bookingEvents} a
  where a.booking_id = ${bookings.id} and a.type = 'assigned')`;

function eventSinceAssignment(type: string, column = sql`e.occurred_at`) {
  return sql`(select ${column} from ${bookingEvents} e
    where e.booking_id = ${bookings.id} and e.type = ${type}
      and e.id > coalesce(${lastAssignmentId}, 0)
    order by e.id desc limit 1)`;
}

/** As timestamps, for conditions (the acknowledgement watch finds unacknowledged assignments with them). */
export const assignmentTimes = {
  /** The current driver's assignment (null without a driver or without a record of it). */
  assignedAt: sql`(case when ${bookings.driverId} is not null then ${bookings.assignedAt} end)`,
  /** A decline since the last assignment, while the job waits for a driver. */
  declinedAt: sql`(case when ${bookings.status} = 'pending' then ${bookings.declinedAt} end)`,
  /** Handed back to dispatch (the driver suspended) since the last assignment, while it waits. */
  returnedAt: sql`(case when ${bookings.status} = 'pending' then ${bookings.returnedAt} end)`,
  /** Dispatch was told the driver had not accepted, and they still have not. */
  acknowledgementOverdueAt: sql`(case when ${bookings.status} = 'assigned'
    and ${bookings.acknowledgedAt} is null then ${eventSinceAssignment('acknowledgement-overdue')} end)`,
};

/**
 * The car a booking shows. From En route on, the one on it: the car it is
 * driven in (jobVehicleId), kept once the trip is over. Before, the car named
 * at assignment is a plan made maybe before the driver's shift: while the job
 * waits for its driver, the car they are on shift in now is shown, else the plan.
 */
const shownVehicleId = sql`(case when ${bookings.status} = 'assigned' then coalesce(
    (select s.vehicle_id from ${driverShifts} s
      where s.driver_id = ${bookings.driverId} and s.ended_at is null),
    ${bookings.vehicleId})
  else ${bookings.vehicleId} end)`;

/** ISO 8601 in UTC, the same on PGlite and PostgreSQL whatever the session's zone. */
function isoText(timestamp: SQL) {
  return sql<
    string | null
  >`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const bookingColumns = {
  assignedAt: isoText(assignmentTimes.assignedAt),
  declinedAt: isoText(assignmentTimes.declinedAt),
  declinedReason: sql<string | null>`(case when ${bookings.status} = 'pending'
    and ${bookings.declinedAt} is not null then
    ${eventSinceAssignment('declined', sql`e.changes->>'reason'`)} end)`,
  acknowledgementOverdueAt: isoText(assignmentTimes.acknowledgementOverdueAt),
  returnedAt: isoText(assignmentTimes.returnedAt),
  returnedReason: sql<string | null>`(case when ${bookings.status} = 'pending'
    and ${bookings.returnedAt} is not null then
    ${eventSinceAssignment('returned-to-dispatch', sql`e.changes->>'reason'`)} end)`,
  row: bookings,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  customerPhone: customers.phone,
  customerEmail: customers.email,
  driverFirstName: drivers.firstName,
  driverLastName: drivers.lastName,
  driverPhone: drivers.phone,
  driverRating: drivers.rating,
  vehicleId: vehicles.id,
  vehicleType: vehicles.type,
  vehicleMake: vehicles.make,
  vehicleModel: vehicles.model,
  vehicleRegistration: vehicles.registration,
};

/** A list page's rows, decoded from array mode (decision 119). */
const decodeJoinedBooking = selectionDecoder<JoinedBookingRow>(bookingColumns);

export type JoinedBookingRow = {
  row: BookingRow;
  assignedAt: string | null;
  declinedAt: string | null;
  declinedReason: string | null;
  acknowledgementOverdueAt: string | null;
  returnedAt: string | null;
  returnedReason: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerPhone: string | null;
  customerEmail: string | null;
  driverFirstName: string | null;
  driverLastName: string | null;
  driverPhone: string | null;
  driverRating: string | null;
  vehicleId: string | null;
  vehicleType: string | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehicleRegistration: string | null;
};

export function toBookingDto(joined: JoinedBookingRow): Booking {
  const { row } = joined;
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as BookingStatus,
    pickupTime: row.pickupTime.toISOString(),
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    pickupLat: row.pickupLat,
    pickupLng: row.pickupLng,
    dropoffLat: row.dropoffLat,
    dropoffLng: row.dropoffLng,
    fareAmount: centsToDollars(dollarsToCents(row.fareAmount)),
    fareSetByHand: row.fareSetByHand,
    passengerName: row.passengerName,
    phone: row.phone,
    vehicleType: row.vehicleType as VehicleType,
    numPassengers: row.numPassengers,
    numSuitcases: row.numSuitcases,
    wheelchairPassengers: row.wheelchairPassengers,
    childSeats: row.childSeats,
    assistanceNeeds: row.assistanceNeeds,
    notes: row.notes,
    isShuttle: row.isShuttle,
    shuttleRunId: row.shuttleRunId,
    shuttleSequence: row.shuttleSequence,
    accountCode: row.accountCode,
    source: row.source as Booking['source'],
    distanceMeters: row.distanceMeters,
    durationSeconds: row.durationSeconds,
    journeyStartedAt: row.journeyStartedAt?.toISOString() ?? null,
    journeyEndedAt: row.journeyEndedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    customer:
      row.customerId && joined.customerFirstName !== null
        ? {
            id: row.customerId,
            firstName: joined.customerFirstName,
            lastName: joined.customerLastName ?? '',
            phone: joined.customerPhone,
            email: joined.customerEmail,
          }
        : null,
    driver:
      row.driverId && joined.driverFirstName !== null
        ? {
            id: row.driverId,
            firstName: joined.driverFirstName,
            lastName: joined.driverLastName ?? '',
            phone: joined.driverPhone,
            rating: joined.driverRating === null ? null : Number(joined.driverRating),
          }
        : null,
    vehicle:
      joined.vehicleId !== null && joined.vehicleType !== null
        ? {
            id: joined.vehicleId,
            type: joined.vehicleType as VehicleType,
            make: joined.vehicleMake ?? '',
            model: joined.vehicleModel ?? '',
            registration: joined.vehicleRegistration ?? '',
          }
        : null,
    assignedAt: joined.assignedAt,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgementOverdueAt: joined.acknowledgementOverdueAt,
    declinedAt: joined.declinedAt,
    declinedReason: joined.declinedReason,
    returnedAt: joined.returnedAt,
    returnedReason: joined.returnedReason,
  };
}

/** Every joined column empty: what a booking with no customer, driver or vehicle reads as. */
const NOTHING_JOINED = Object.fromEntries(
  Object.keys(bookingColumns)
    .filter((key) => key !== 'row')
    .map((key) => [key, null]),
) as Omit<JoinedBookingRow, 'row'>;

/**
 * A booking just inserted, as the API shows it, without reading it back: it
 * has no driver, vehicle or events but its 'created' one yet, and its
 * customer is the one the caller resolved.
 */
export function toNewBookingDto(
  row: BookingRow,
  customer: {
    firstName: string;
    lastName: string;
    phone: string | null;
    email: string | null;
  } | null,
): Booking {
  return toBookingDto({
    ...NOTHING_JOINED,
    row,
    customerFirstName: customer?.firstName ?? null,
    customerLastName: customer?.lastName ?? null,
    customerPhone: customer?.phone ?? null,
    customerEmail: customer?.email ?? null,
  });
}

export function selectJoinedBookings(db: Executor) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(drivers, eq(drivers.id, bookings.driverId))
    .leftJoin(vehicles, sql`${vehicles.id} = ${shownVehicleId}`);
}

/** Whose bookings a viewer may see: all of them, or one driver's. */
export type BookingScope = { kind: 'all' } | { kind: 'driver'; driverId: string | null };

function scopeCondition(scope: BookingScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return scope.driverId === null ? sql`false` : eq(bookings.driverId, scope.driverId);
}

export async function loadBookings(db: Executor, ids: string[]): Promise<Booking[]> {
  if (ids.length === 0) return [];
  const rows = await selectJoinedBookings(db).where(inArray(bookings.id, ids));
  const byId = new Map(rows.map((row) => [row.row.id, toBookingDto(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadBooking(
  db: Executor,
  id: string,
  scope: BookingScope = { kind: 'all' },
): Promise<Booking | null> {
  const [row] = await selectJoinedBookings(db).where(
    and(eq(bookings.id, id), scopeCondition(scope)),
  );
  return row ? toBookingDto(row) : null;
}

export type BookingFilter = {
  from?: string | undefined;
  to?: string | undefined;
  status?: BookingStatus[] | undefined;
  driverId?: string | undefined;
  source?: BookingSource[] | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
};

/**
 * The list's conditions with every value a placeholder, the values, and the
 * shape (which filters are present) that names its prepared statement.
 */
function bookingListConditions(filter: BookingFilter, scope: BookingScope) {
  const values: Record<string, unknown> = { limit: filter.limit, offset: filter.offset };
  const shape: string[] = [];
  function value(name: string, given: unknown) {
    values[name] = given;
    shape.push(name);
    return sql.placeholder(name);
  }
  const statuses = filter.status ?? [];
  const sources = filter.source ?? [];
  const pattern = filter.q ? value('pattern', containsPattern(filter.q)) : null;
  // A phone as a caller says it ('0412 555 666') against the stored +61 form:
  // by its digits, as Jobs and Search match it (bookingTextCondition).
  const digits = filter.q ? phoneSearchDigits(filter.q) : null;
  const digitsPattern = digits ? value('phoneDigits', `%${digits}%`) : null;
  const where = and(
    scope.kind === 'all'
      ? undefined
      : scope.driverId === null
        ? scopeCondition(scope)
        : eq(bookings.driverId, value('scopeDriverId', scope.driverId)),
    filter.from
      ? gte(bookings.pickupTime, value('from', new Date(filter.from).toISOString()))
      : undefined,
    filter.to ? lt(bookings.pickupTime, value('to', new Date(filter.to).toISOString())) : undefined,
    statuses.length
      ? inArray(
          bookings.status,
          statuses.map((status, index) => value(`status${index}`, status)),
        )
      : undefined,
    filter.driverId ? eq(bookings.driverId, value('driverId', filter.driverId)) : undefined,
    sources.length
      ? inArray(
          bookings.source,
          sources.map((source, index) => value(`source${index}`, source)),
        )
      : undefined,
    pattern
      ? or(
          matchesFolded(bookings.passengerName, pattern),
          ilike(bookings.phone, pattern),
          matchesFolded(bookings.pickupLocation, pattern),
          matchesFolded(bookings.dropoffLocation, pattern),
          ilike(bookings.reference, pattern),
          digitsPattern ? sql`${bookingPhoneDigits} like ${digitsPattern}` : undefined,
        )
      : undefined,
  );
  const scopeShape = scope.kind === 'driver' && scope.driverId === null ? 'nobody' : scope.kind;
  return { where, values, shape: [scopeShape, ...shape].join(',') };
}

function prepareBookingList(db: Executor, where: SQL | undefined, name: string) {
  return {
    page: prepareDecoded(
      db,
      selectJoinedBookings(db)
        .where(where)
        .orderBy(asc(bookings.pickupTime), asc(bookings.shuttleSequence), asc(bookings.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .toSQL(),
      `${name}_page`,
      decodeJoinedBooking,
    ),
    count: db.select({ total: count() }).from(bookings).where(where).prepare(`${name}_count`),
  };
}

const bookingListStatements =
  preparedStatements<ReturnType<typeof prepareBookingList>>('bookings_list');

/** Bookings by pickup time, oldest first, with the total that matched (prepared statements). */
export async function listBookings(
  db: Executor,
  filter: BookingFilter,
  scope: BookingScope,
): Promise<{ bookings: Booking[]; total: number }> {
  const { where, values, shape } = bookingListConditions(filter, scope);
  const statements = bookingListStatements(db, shape, (name) =>
    prepareBookingList(db, where, name),
  );
  const [rows, [counted]] = await Promise.all([
    statements.page.execute(values),
    statements.count.execute(values),
  ]);
  return { bookings: rows.map(toBookingDto), total: Number(counted?.total ?? 0) };
}

/** A booking's history, oldest first, with who did it. */
export async function loadBookingEvents(db: Executor, bookingId: string): Promise<BookingEvent[]> {
  const rows = await db
    .select({
      id: bookingEvents.id,
      type: bookingEvents.type,
      fromStatus: bookingEvents.fromStatus,
      toStatus: bookingEvents.toStatus,
      changes: bookingEvents.changes,
      occurredAt: bookingEvents.occurredAt,
      actorId: users.id,
      actorName: users.name,
    })
    .from(bookingEvents)
    .leftJoin(users, eq(users.id, bookingEvents.actorUserId))
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.occurredAt), asc(bookingEvents.id));
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    fromStatus: (row.fromStatus as BookingStatus | null) ?? null,
    toStatus: (row.toStatus as BookingStatus | null) ?? null,
    changes: row.changes ?? {},
    occurredAt: row.occurredAt.toISOString(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
  }));
}
