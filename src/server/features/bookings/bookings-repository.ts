import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  bookingReference,
  closedBookingRefusal,
  fieldChanges,
  isChargedBooking,
  passengerCountsRefusal,
  repricedFareCents,
  routePriceRefusal,
  type BookingStatus,
} from '../../../domain/bookings';
import type { TariffTable } from '../../../domain/fares';
import { centsToDollars, centsToNumericText, dollarsToCents } from '../../../domain/format';
import type { VehicleType } from '../../../domain/vehicles';
import type { Executor, Transaction } from '../../db/database';
import { columnList, recordsetJson, rowDecoder } from '../../db/recordset';
import { bookingEvents, bookings, corporateAccounts, customers } from '../../db/schema';
import { Conflict, NotFound, invalidField } from '../../lib/errors';
import { countsAsLastBooking, refreshCustomerTotals } from '../customers/customers-repository';
import type { BookingRow } from './booking-read-model';

/** The columns a creation writes: every other column takes its default. */
const INSERTED_KEYS = [
  'reference',
  'customerId',
  'pickupTime',
  'pickupLocation',
  'dropoffLocation',
  'pickupLat',
  'pickupLng',
  'dropoffLat',
  'dropoffLng',
  'status',
  'fareAmount',
  'passengerName',
  'phone',
  'vehicleType',
  'numPassengers',
  'numSuitcases',
  'wheelchairPassengers',
  'childSeats',
  'assistanceNeeds',
  'notes',
  'accountCode',
  'isShuttle',
  'shuttleRunId',
  'shuttleSequence',
  'source',
  'distanceMeters',
  'durationSeconds',
  'createdBy',
] as const satisfies readonly (keyof typeof bookings.$inferInsert)[];

type InsertedBooking = Pick<typeof bookings.$inferInsert, (typeof INSERTED_KEYS)[number]>;

/** A booking as a creation writes it, before its reference. */
export type NewBooking = Omit<InsertedBooking, 'reference' | 'createdBy'>;

/** A new random booking reference (48 bits: a collision is rare, not impossible). */
export function newReference(): string {
  return bookingReference(crypto.randomBytes(6));
}

/** Fresh references tried for a booking before its creation is refused. */
const REFERENCE_ATTEMPTS = 5;

/**
 * Inserts bookings in the order given, each with a 'created' event, and adds
 * them to their customers' totals: one statement, whatever the number of
 * bookings. A reference another booking already has is replaced by a fresh
 * one and the booking inserted again. Call inside a transaction when several
 * rows must stand or fall together.
 */
export async function insertBookings(
  db: Executor,
  drafts: NewBooking[],
  actorUserId: string | null,
  pickReference: () => string = newReference,
): Promise<BookingRow[]> {
  const noneFree = () => new Conflict('No free booking reference was found. Try again.');
  const rows: BookingRow[] = [];
  let waiting = drafts.map((draft, index) => ({ draft, index }));
  for (let attempt = 1; waiting.length > 0; attempt += 1) {
    if (attempt > REFERENCE_ATTEMPTS) throw noneFree();
    const references = new Set<string>();
    const values = waiting.map(({ draft }) => {
      let reference = pickReference();
      for (let tries = 1; references.has(reference); tries += 1) {
        if (tries === REFERENCE_ATTEMPTS) throw noneFree();
        reference = pickReference();
      }
      references.add(reference);
      return { ...draft, reference, createdBy: actorUserId };
    });
    const inserted = new Map(
      (await insertWithEventsAndTotals(db, values, actorUserId)).map((row) => [row.reference, row]),
    );
    waiting = waiting.filter(({ index }, position) => {
      const row = inserted.get(values[position]!.reference);
      if (row) rows[index] = row;
      return row === undefined;
    });
  }
  return rows;
}

const INSERTED_COLUMNS = columnList(bookings, INSERTED_KEYS);
const decodeBooking = rowDecoder(bookings);

/**
 * The rows whose reference was free, their 'created' events, and their
 * customers' totals adjusted by these bookings alone (decision 11's rules:
 * not cancelled counts, completed is money spent, the last booking is the
 * latest pickup that has come). Hand-written, the rows one jsonb parameter:
 * built by Drizzle's query builder, this statement cost more CPU to build
 * than the database spent running it (decision 118).
 */
async function insertWithEventsAndTotals(
  db: Executor,
  values: InsertedBooking[],
  actorUserId: string | null,
): Promise<BookingRow[]> {
  const result = await db.execute(sql`
    with inserted as (
      insert into ${bookings} (${sql.raw(INSERTED_COLUMNS)})
      select ${sql.raw(INSERTED_COLUMNS)}
      from jsonb_populate_recordset(null::${bookings}, ${recordsetJson(bookings, INSERTED_KEYS, values)}::jsonb)
        with ordinality as given
      order by given.ordinality
      on conflict (reference) do nothing
      returning *
    ), events as (
      insert into ${bookingEvents} (booking_id, actor_user_id, type, to_status, changes)
      select id, ${actorUserId}::text, 'created', status, jsonb_build_object('source', source)
      from inserted
    ), totals as (
      update ${customers} as c
      set total_bookings = c.total_bookings + t.counted,
          total_spent = c.total_spent + t.spent,
          last_booking_date = greatest(c.last_booking_date, t.last_pickup),
          updated_at = now()
      from (
        select customer_id,
               count(*) filter (where status <> 'cancelled')::integer as counted,
               coalesce(sum(fare_amount) filter (where status = 'completed'), 0) as spent,
               max(pickup_time) filter (where ${countsAsLastBooking(sql`status`, sql`pickup_time`)}) as last_pickup
        from inserted
        where customer_id is not null
        group by customer_id
      ) as t
      where c.id = t.customer_id
    )
    select * from inserted`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map(decodeBooking);
}

export async function lockBooking(tx: Transaction, id: string): Promise<BookingRow> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!row) throw new NotFound('Booking not found.');
  return row;
}

export async function recordEvent(
  tx: Transaction,
  event: Omit<typeof bookingEvents.$inferInsert, 'id' | 'receivedAt'>,
): Promise<void> {
  await tx.insert(bookingEvents).values(event);
}

/**
 * Refuses an account code no corporate account has (codes are stored in
 * upper case): a booking billed to an account nobody set up would reach no
 * invoice. The dispatcher adds the account first (Account Code). `field`
 * names the code in the caller's request.
 */
export async function requireAccountCode(
  db: Executor,
  code: string | null | undefined,
  field: string,
): Promise<void> {
  if (!code) return;
  const [row] = await db
    .select({ id: corporateAccounts.id })
    .from(corporateAccounts)
    .where(eq(corporateAccounts.code, code))
    .limit(1);
  if (!row) throw invalidField(field, `no account has the code ${code}: add it with Account Code`);
}

/** The columns a PATCH may set, in the form the booking event records them. */
type EditableColumns = {
  pickupLocation?: string;
  dropoffLocation?: string;
  pickupTime?: string;
  numPassengers?: number;
  numSuitcases?: number;
  wheelchairPassengers?: number;
  childSeats?: number;
  assistanceNeeds?: string;
  notes?: string;
  passengerName?: string;
  phone?: string;
  vehicleType?: VehicleType;
  accountCode?: string | null;
  pickupLat?: number;
  pickupLng?: number;
  dropoffLat?: number;
  dropoffLng?: number;
  distanceMeters?: number;
  durationSeconds?: number;
  fareAmount?: number;
  /** Only false is asked for: the fare is priced from the route again (decision 104). */
  fareSetByHand?: boolean;
};

function editableView(row: BookingRow): Required<EditableColumns> {
  return {
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    pickupTime: row.pickupTime.toISOString(),
    numPassengers: row.numPassengers,
    numSuitcases: row.numSuitcases,
    wheelchairPassengers: row.wheelchairPassengers,
    childSeats: row.childSeats,
    assistanceNeeds: row.assistanceNeeds,
    notes: row.notes,
    passengerName: row.passengerName,
    phone: row.phone,
    vehicleType: row.vehicleType as VehicleType,
    accountCode: row.accountCode,
    pickupLat: row.pickupLat as number,
    pickupLng: row.pickupLng as number,
    dropoffLat: row.dropoffLat as number,
    dropoffLng: row.dropoffLng as number,
    distanceMeters: row.distanceMeters as number,
    durationSeconds: row.durationSeconds as number,
    fareAmount: centsToDollars(dollarsToCents(row.fareAmount)),
    fareSetByHand: row.fareSetByHand,
  };
}

/**
 * Applies the fields that differ and records one 'updated' event holding
 * `{ field: { from, to } }`. Nothing differs: nothing is written.
 */
export async function updateBooking(
  tx: Transaction,
  id: string,
  requested: EditableColumns,
  actorUserId: string | null,
  tariffs: TariffTable,
): Promise<{ changed: boolean }> {
  const before = await lockBooking(tx, id);
  const priced = {
    reference: before.reference,
    status: before.status as BookingStatus,
    isCharged: isChargedBooking(before.shuttleSequence),
    distanceMeters: before.distanceMeters,
    durationSeconds: before.durationSeconds,
    vehicleType: before.vehicleType as VehicleType,
    childSeats: before.childSeats,
    fareSetByHand: before.fareSetByHand,
  };
  // Use route price: a hand-set fare the route cannot price now is refused, not dropped unseen.
  const isBackToRoute = requested.fareSetByHand === false;
  if (isBackToRoute && before.fareSetByHand) {
    const refusal = routePriceRefusal({
      ...priced,
      distanceMeters: requested.distanceMeters ?? priced.distanceMeters,
      durationSeconds: requested.durationSeconds ?? priced.durationSeconds,
    });
    if (refusal) throw new Conflict(refusal);
  }
  // A new route, vehicle or child seat count prices the trip again (decision 87), as does
  // Use route price (decision 104).
  const repriced = repricedFareCents(priced, requested, tariffs);
  const { fareSetByHand: _asked, ...columns } = requested;
  const edits: EditableColumns = {
    ...columns,
    ...(repriced === null ? {} : { fareAmount: centsToDollars(repriced) }),
    // Recorded with the fare, so the history says it went back to the route.
    ...(isBackToRoute ? { fareSetByHand: false } : {}),
  };
  // Checked when the edit touches a count, so a booking stored before the rule keeps its notes editable.
  const touchesCounts =
    edits.numPassengers !== undefined ||
    edits.wheelchairPassengers !== undefined ||
    edits.childSeats !== undefined;
  const refusal =
    touchesCounts &&
    passengerCountsRefusal({
      numPassengers: edits.numPassengers ?? before.numPassengers,
      wheelchairPassengers: edits.wheelchairPassengers ?? before.wheelchairPassengers,
      childSeats: edits.childSeats ?? before.childSeats,
    });
  if (refusal) throw invalidField(refusal.field, refusal.problem);
  const changes = fieldChanges(editableView(before), edits);
  if (Object.keys(changes).length === 0) return { changed: false };
  const closed = closedBookingRefusal(
    { reference: before.reference, status: before.status as BookingStatus },
    Object.keys(changes),
  );
  if (closed) throw new Conflict(closed);
  const set: Partial<typeof bookings.$inferInsert> = { updatedAt: new Date() };
  // A fare named in the request is the dispatcher's: later route edits keep it (decision 94).
  if (requested.fareAmount !== undefined && changes.fareAmount) set.fareSetByHand = true;
  for (const [field, change] of Object.entries(changes)) {
    const value = change.to;
    if (field === 'pickupTime') set.pickupTime = new Date(value as string);
    else if (field === 'fareAmount') {
      set.fareAmount = centsToNumericText(dollarsToCents(value as number));
    } else (set as Record<string, unknown>)[field] = value;
  }
  await tx.update(bookings).set(set).where(eq(bookings.id, id));
  await recordEvent(tx, { bookingId: id, actorUserId, type: 'updated', changes });
  if (before.customerId) await refreshCustomerTotals(tx, [before.customerId]);
  return { changed: true };
}
