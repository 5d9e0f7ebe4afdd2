import crypto from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  bookingChangedRefusal,
  bookingReference,
  closedBookingRefusal,
  fieldChanges,
  isChargedBooking,
  passengerCountsRefusal,
  repricedFareCents,
  routePriceRefusal,
  type BookingChanger,
  type BookingStatus,
} from '../../../domain/bookings';
import type { TariffTable } from '../../../domain/fares';
import { centsToDollars, centsToNumericText, dollarsToCents } from '../../../domain/format';
import type { VehicleType } from '../../../domain/vehicles';
import type { Executor, Transaction } from '../../db/database';
import { columnList, recordsetJson, rowDecoder } from '../../db/recordset';
import { bookingEvents, bookings, corporateAccounts, customers, users } from '../../db/schema';
import { Conflict, NotFound, invalidField } from '../../lib/errors';
import { assertUnchangedSince } from '../../lib/expected-version';
import {
  bookingCustomerParts,
  countsAsLastBooking,
  refreshCustomerTotals,
  type BookingCustomer,
  type CustomerContact,
} from '../customers/customers-repository';
import type { BookingRow } from './booking-read-model';

/** The columns a creation writes from its drafts (the customer is its statement's): every other column takes its default. */
const INSERTED_KEYS = [
  'reference',
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

/** What a creation inserted: its rows in the order given, and their customer as they show it. */
export type InsertedBookings = { rows: BookingRow[]; customer: CustomerContact | null };

/**
 * Inserts bookings in the order given, each with a 'created' event, gives
 * them their customer (found, or made with these bookings in its totals) and
 * adds them to an existing customer's totals: one statement, whatever the
 * number of bookings. A reference another booking already has is replaced by
 * a fresh one and the booking inserted again. A customer named by an id that
 * is not there is a 404. Call inside a transaction: the bookings and their
 * customer stand or fall together.
 */
export async function insertBookings(
  tx: Executor,
  drafts: NewBooking[],
  customer: BookingCustomer,
  actorUserId: string | null,
  pickReference: () => string = newReference,
): Promise<InsertedBookings> {
  const noneFree = () => new Conflict('No free booking reference was found. Try again.');
  const parts = bookingCustomerParts(customer);
  const rows: BookingRow[] = [];
  let contact: CustomerContact | null = null;
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
    const written = await insertWithEventsAndCustomer(tx, values, parts, actorUserId);
    contact ??= written.customer;
    const inserted = new Map(written.rows.map((row) => [row.reference, row]));
    waiting = waiting.filter(({ index }, position) => {
      const row = inserted.get(values[position]!.reference);
      if (row) rows[index] = row;
      return row === undefined;
    });
  }
  if (customer.kind === 'existing' && contact === null) throw new NotFound('Customer not found.');
  return { rows, customer: contact };
}

const INSERTED_COLUMNS = columnList(bookings, INSERTED_KEYS);
const decodeBooking = rowDecoder(bookings);

type InsertedRow = Record<string, unknown> & {
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_phone: string | null;
  customer_email: string | null;
};

/**
 * The rows whose reference was free, their 'created' events, and their
 * customer: an existing one has its totals adjusted by these bookings alone
 * (decision 11's rules: not cancelled counts, completed is money spent, the
 * last booking is the latest pickup that has come); a new one is inserted
 * with them (an update in the same statement would not see it). Hand-written,
 * the rows one jsonb parameter: built by Drizzle's query builder, this
 * statement cost more CPU to build than the database spent running it
 * (decision 118); the customer is found or made in it, not a round trip
 * before (decision 120).
 */
async function insertWithEventsAndCustomer(
  tx: Executor,
  values: InsertedBooking[],
  customer: ReturnType<typeof bookingCustomerParts>,
  actorUserId: string | null,
): Promise<InsertedBookings> {
  const created = customer.created;
  const result = await tx.execute(sql`
    with found as (${customer.found}),
    inserted as (
      insert into ${bookings} (${sql.raw(INSERTED_COLUMNS)}, customer_id)
      select ${sql.raw(INSERTED_COLUMNS)}, coalesce((select id from found), ${created?.id ?? null}::uuid)
      from jsonb_populate_recordset(null::${bookings}, ${recordsetJson(bookings, INSERTED_KEYS, values)}::jsonb)
        with ordinality as given
      order by given.ordinality
      on conflict (reference) do nothing
      returning *
    ), events as (
      insert into ${bookingEvents} (booking_id, actor_user_id, type, to_status, changes)
      select id, ${actorUserId}::text, 'created', status, jsonb_build_object('source', source)
      from inserted
    ), added as (
      select customer_id,
             count(*) filter (where status <> 'cancelled')::integer as counted,
             coalesce(sum(fare_amount) filter (where status = 'completed'), 0) as spent,
             max(pickup_time) filter (where ${countsAsLastBooking(sql`status`, sql`pickup_time`)}) as last_pickup
      from inserted
      where customer_id is not null
      group by customer_id
    ), totals as (
      update ${customers} as c
      set total_bookings = c.total_bookings + t.counted,
          total_spent = c.total_spent + t.spent,
          last_booking_date = greatest(c.last_booking_date, t.last_pickup),
          updated_at = now()
      from added as t
      where c.id = t.customer_id
    ), made as (
      insert into ${customers} (id, first_name, last_name, phone, email,
        total_bookings, total_spent, last_booking_date)
      select ${created?.id ?? null}::uuid, ${created?.firstName ?? null}, ${created?.lastName ?? null},
        ${created?.phone ?? null}, ${created?.email ?? null},
        coalesce(t.counted, 0), coalesce(t.spent, 0), t.last_pickup
      from (select 1) as one left join added as t on t.customer_id = ${created?.id ?? null}::uuid
      where ${created !== null} and not exists (select 1 from found)
      returning id, first_name, last_name, phone, email
    ), customer as (select * from found union all select * from made)
    select inserted.*, customer.first_name as customer_first_name,
      customer.last_name as customer_last_name, customer.phone as customer_phone,
      customer.email as customer_email
    from inserted left join customer on customer.id = inserted.customer_id`);
  const rows = (result as unknown as { rows: InsertedRow[] }).rows;
  const first = rows.find((row) => row.customer_first_name !== null);
  return {
    rows: rows.map(decodeBooking),
    customer: first
      ? {
          id: first.customer_id as string,
          firstName: first.customer_first_name!,
          lastName: first.customer_last_name ?? '',
          phone: first.customer_phone,
          email: first.customer_email,
        }
      : null,
  };
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
 * Who made a booking's latest change, for the refusal of an edit that ran
 * into it: the actor of its latest event (an overdue-acceptance flag changes
 * nothing on the booking, so it is passed over). Only read on that refusal.
 */
async function latestChanger(
  tx: Executor,
  bookingId: string,
  viewerUserId: string | null,
): Promise<BookingChanger> {
  const [row] = await tx
    .select({ actorId: bookingEvents.actorUserId, name: users.name })
    .from(bookingEvents)
    .leftJoin(users, eq(users.id, bookingEvents.actorUserId))
    .where(
      and(
        eq(bookingEvents.bookingId, bookingId),
        ne(bookingEvents.type, 'acknowledgement-overdue'),
      ),
    )
    .orderBy(desc(bookingEvents.id))
    .limit(1);
  if (!row?.actorId) return null;
  if (row.actorId === viewerUserId) return 'you';
  return row.name ? { name: row.name } : null;
}

/** What the editor saw: the booking's updatedAt when the form was filled, and the zone to name times in. */
export type ExpectedVersion = { updatedAt: string; timeZone: string };

/**
 * Applies the fields that differ and records one 'updated' event holding
 * `{ field: { from, to } }`. Nothing differs: nothing is written. With
 * `expected` (the updatedAt the editor saw), a booking changed since, by
 * anyone and in any way, is refused (409, saying when and by whom) once its
 * row is locked: of two dispatchers saving at once, the second is told
 * instead of silently overwriting the first (decision 163's rule for Assign).
 */
export async function updateBooking(
  tx: Transaction,
  id: string,
  requested: EditableColumns,
  actorUserId: string | null,
  tariffs: TariffTable,
  expected?: ExpectedVersion,
): Promise<{ changed: boolean }> {
  const before = await lockBooking(tx, id);
  if (expected) {
    await assertUnchangedSince(expected.updatedAt, before.updatedAt, async () =>
      bookingChangedRefusal(
        { at: before.updatedAt, by: await latestChanger(tx, id, actorUserId) },
        expected.timeZone,
      ),
    );
  }
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
