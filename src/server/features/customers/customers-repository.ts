import crypto from 'node:crypto';
import { and, count, desc, eq, gt, inArray, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  normalizeCustomerQuery,
  phoneSearchDigits,
  splitFullName,
  type CustomerChanges,
  type CustomerValues,
} from '../../../domain/customers';
import { parsePageCursor } from '../../../domain/api';
import { FINISHED_STATUSES, IN_PROGRESS_STATUSES } from '../../../domain/bookings';
import type { Database, Executor } from '../../db/database';
import { bookings, customers } from '../../db/schema';
import { beforeCursor, countUpToCap, keysetPage } from '../../db/keyset';
import { isoMicros } from '../../db/timestamp-text';
import { Conflict } from '../../lib/errors';
import { containsPattern } from '../../lib/like-pattern';
import { customerFullName, matchesFolded } from '../../lib/search-fold';

export type Contact = { fullName: string; phone: string | null; email: string | null };

/** What a booking shows of its customer. */
export type CustomerContact = {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
};

/** Whom new bookings belong to: a customer named by id, one found or made from a contact, or none. */
export type BookingCustomer =
  { kind: 'existing'; id: string } | { kind: 'contact'; contact: Contact } | { kind: 'none' };

/**
 * The parts of a booking creation's one statement that give the bookings
 * their customer (decision 120). `found` selects the existing customer as
 * (id, first_name, last_name, phone, email): the one named by id, else the
 * one with the phone, else the one with the email (any case), else nothing.
 * `created` is the customer to add when nothing is found, from the
 * passenger's name and contact details, its id made here so the bookings
 * can name it in the same statement; null when none is to be made.
 */
export function bookingCustomerParts(customer: BookingCustomer): {
  found: SQL;
  created: CustomerContact | null;
} {
  const columns = sql`id, first_name, last_name, phone, email`;
  if (customer.kind === 'existing') {
    return {
      found: sql`select ${columns} from ${customers} where id = ${customer.id}`,
      created: null,
    };
  }
  if (customer.kind === 'none') {
    return {
      found: sql`select ${columns} from ${customers} where false`,
      created: null,
    };
  }
  const { contact } = customer;
  const email = contact.email?.trim().toLowerCase() || null;
  const { firstName, lastName } = splitFullName(contact.fullName);
  return {
    // The phone decides; the email only when no customer has the phone.
    found: sql`select ${columns} from ${customers}
      where phone = ${contact.phone} or lower(email) = ${email}
      order by phone = ${contact.phone} desc
      limit 1`,
    created: { id: crypto.randomUUID(), firstName, lastName, phone: contact.phone, email },
  };
}

/** Statuses of a ride that has started or is over (a no-show included), cancelled apart. */
const TAKEN_PLACE_STATUSES = [
  ...IN_PROGRESS_STATUSES,
  ...FINISHED_STATUSES.filter((status) => status !== 'cancelled'),
];

/**
 * Whether a booking counts for the customer's last booking date, in SQL over
 * its status and pickup time columns: not cancelled, and its pickup time has
 * come or the ride has started or is over (a ride done before its booked
 * time is still the customer's last booking, not "Never").
 */
export function countsAsLastBooking(status: SQL, pickupTime: SQL): SQL {
  return sql`(${status} <> 'cancelled' and (${pickupTime} <= now() or ${status} in (${sql.join(
    TAKEN_PLACE_STATUSES.map((item) => sql`${item}`),
    sql`, `,
  )})))`;
}

/**
 * total_bookings, total_spent and last_booking_date come from the customer's
 * bookings, in one statement: bookings not cancelled count, completed ones
 * are money spent, and the last booking is the latest pickup that
 * `countsAsLastBooking` (an upcoming ride is not a "last booking"). Every
 * booking write refreshes them, status changes included, so a ride that
 * starts moves the date when its driver reports it. `'all'` refreshes every
 * customer with bookings.
 */
export async function refreshCustomerTotals(
  db: Executor,
  customerIds: string[] | 'all',
): Promise<void> {
  const ids = customerIds === 'all' ? null : [...new Set(customerIds)];
  if (ids !== null && ids.length === 0) return;
  await db.execute(sql`
    update customers as c
    set total_bookings = coalesce(t.total_bookings, 0),
        total_spent = coalesce(t.total_spent, 0),
        last_booking_date = t.last_booking_date,
        updated_at = now()
    from (
      select cc.id as customer_id,
             count(b.id) filter (where b.status <> 'cancelled')::integer as total_bookings,
             coalesce(sum(b.fare_amount) filter (where b.status = 'completed'), 0) as total_spent,
             max(b.pickup_time) filter (where ${countsAsLastBooking(sql`b.status`, sql`b.pickup_time`)}) as last_booking_date
      from customers cc
      left join bookings b on b.customer_id = cc.id
      ${
        ids === null
          ? sql``
          : sql`where cc.id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
      }
      group by cc.id
    ) as t
    where c.id = t.customer_id
  `);
}

export type CustomerRow = typeof customers.$inferSelect;

/**
 * The customer search rule of `matchesCustomerSearch` (src/domain/customers)
 * in SQL: ILIKE on the full name ignoring accents (decision 92) and on the
 * email, LIKE (case-sensitive) on the phone, and a phone-like query's digits
 * on the phone's digits. Null for a blank query: everyone matches.
 */
function customerSearchCondition(query: string | undefined): SQL | undefined {
  const text = normalizeCustomerQuery(query);
  if (text === '') return undefined;
  const pattern = containsPattern(text);
  const digits = phoneSearchDigits(text);
  const byDigits =
    digits === null
      ? sql``
      : sql`or regexp_replace(${customers.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`;
  return sql`(
    ${matchesFolded(customerFullName, pattern)}
    or ${customers.email} ilike ${pattern}
    or ${customers.phone} like ${pattern}
    ${byDigits}
  )`;
}

/**
 * One page of customers matching the search, newest first, how many match,
 * and where the next page starts. A page follows its cursor (keyset on
 * created_at and id, so a deep page costs what the first does) and the count
 * stops at the cap; a page asked for by offset (numbered pages) skips rows
 * and counts every match, as that paging needs.
 */
export async function listCustomers(
  db: Executor,
  query: {
    q?: string | undefined;
    limit: number;
    offset?: number | undefined;
    cursor?: string | undefined;
  },
): Promise<{
  rows: CustomerRow[];
  total: number;
  totalIsCapped: boolean;
  nextCursor: string | null;
}> {
  const where = customerSearchCondition(query.q);
  const cursor = query.cursor ? parsePageCursor(query.cursor) : null;
  const [rows, counted] = await Promise.all([
    db
      .select({ customer: customers, at: isoMicros(customers.createdAt) })
      .from(customers)
      .where(and(where, beforeCursor(cursor, customers.createdAt, customers.id)))
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(query.limit + 1)
      .offset(query.offset ?? 0),
    query.offset === undefined
      ? countUpToCap(db, customers, where)
      : db
          .select({ total: count() })
          .from(customers)
          .where(where)
          .then(([row]) => ({ total: row?.total ?? 0, totalIsCapped: false })),
  ]);
  const { shown, nextCursor } = keysetPage(
    rows.map((row) => ({ id: row.customer.id, row })),
    query.limit,
    ({ row }) => ({ at: row.at }),
  );
  return { rows: shown.map(({ row }) => row.customer), ...counted, nextCursor };
}

/** Every customer matching the search, newest first (the CSV export). */
export async function listAllCustomers(
  db: Executor,
  q: string | undefined,
): Promise<CustomerRow[]> {
  return db
    .select()
    .from(customers)
    .where(customerSearchCondition(q))
    .orderBy(desc(customers.createdAt), desc(customers.id));
}

export async function findCustomer(db: Executor, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

export type CustomerBookingRow = Pick<
  typeof bookings.$inferSelect,
  'id' | 'reference' | 'pickupTime' | 'pickupLocation' | 'dropoffLocation' | 'status' | 'fareAmount'
>;

/**
 * The customer's most recent bookings: those whose pickup time has come,
 * latest first. Upcoming ones are left out, so a customer with a month of
 * bookings ahead still shows the trips they took (their next pickup is on
 * the customer itself).
 */
export async function recentCustomerBookings(
  db: Executor,
  customerId: string,
  limit: number,
  now = new Date(),
): Promise<CustomerBookingRow[]> {
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      pickupTime: bookings.pickupTime,
      pickupLocation: bookings.pickupLocation,
      dropoffLocation: bookings.dropoffLocation,
      status: bookings.status,
      fareAmount: bookings.fareAmount,
    })
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), lte(bookings.pickupTime, now)))
    .orderBy(desc(bookings.pickupTime), desc(bookings.createdAt))
    .limit(limit);
}

function displayName(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

/**
 * Refuses a phone (E.164) or email (any case) that another customer already
 * has, naming that customer. The schema has no unique index on these columns,
 * so callers hold `lockCustomerContacts` while they check and write.
 */
async function assertContactsFree(
  db: Executor,
  contact: { phone?: string | null | undefined; email?: string | null | undefined },
  exceptId?: string,
): Promise<void> {
  const fields: Record<string, string> = {};
  const others = exceptId ? ne(customers.id, exceptId) : undefined;
  if (contact.phone) {
    const [holder] = await db
      .select({ firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(and(eq(customers.phone, contact.phone), others))
      .limit(1);
    if (holder) {
      fields.phone = `A customer with this phone already exists: ${displayName(holder)}.`;
    }
  }
  if (contact.email) {
    const [holder] = await db
      .select({ firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(and(sql`lower(${customers.email}) = ${contact.email.toLowerCase()}`, others))
      .limit(1);
    if (holder) {
      fields.email = `A customer with this email already exists: ${displayName(holder)}.`;
    }
  }
  const [first] = Object.values(fields);
  if (first) throw new Conflict(first, fields);
}

/**
 * The customers holding any of `phones` (E.164) or `emails` (any case): the
 * duplicate rule of `assertContactsFree` for many contacts at once (imports).
 * The lists travel as one JSON parameter, so their length is not bound by
 * PostgreSQL's limit on parameters.
 */
export async function findCustomersByContacts(
  db: Executor,
  phones: string[],
  emails: string[],
): Promise<CustomerRow[]> {
  if (phones.length === 0 && emails.length === 0) return [];
  const lowered = emails.map((email) => email.toLowerCase());
  return db
    .select()
    .from(customers)
    .where(
      sql`${customers.phone} in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))
        or lower(${customers.email}) in (select jsonb_array_elements_text(${JSON.stringify(lowered)}::jsonb))`,
    )
    .orderBy(customers.createdAt, customers.id);
}

/**
 * Serialises customer writes that check for duplicate contacts, until the
 * transaction ends: two dispatchers saving the same caller at once must not
 * both pass the check.
 */
export async function lockCustomerContacts(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('customers.contacts'))`);
}

export async function createCustomer(db: Database, values: CustomerValues): Promise<CustomerRow> {
  return db.transaction(async (tx) => {
    await lockCustomerContacts(tx);
    await assertContactsFree(tx, values);
    const [row] = await tx.insert(customers).values(values).returning();
    return row!;
  });
}

/** Null when there is no such customer. */
export async function updateCustomer(
  db: Database,
  id: string,
  changes: CustomerChanges,
): Promise<CustomerRow | null> {
  return db.transaction(async (tx) => {
    await lockCustomerContacts(tx);
    const existing = await findCustomer(tx, id);
    if (!existing) return null;
    await assertContactsFree(tx, changes, id);
    const set = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as CustomerChanges;
    if (Object.keys(set).length === 0) return existing;
    const [row] = await tx
      .update(customers)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(customers.id, id))
      .returning();
    return row ?? null;
  });
}

/**
 * Each customer's next pickup still to come, by customer id: the earliest
 * pickup after now of a booking neither cancelled nor finished. A customer
 * whose only booking is next week has booked, though not yet ridden.
 */
export async function nextPickupTimes(
  db: Executor,
  customerIds: string[],
): Promise<Map<string, Date>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({
      customerId: bookings.customerId,
      next: sql<string | Date>`min(${bookings.pickupTime})`,
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.customerId, customerIds),
        gt(bookings.pickupTime, sql`now()`),
        notInArray(bookings.status, [...FINISHED_STATUSES]),
      ),
    )
    .groupBy(bookings.customerId);
  return new Map(
    rows.flatMap((row) => (row.customerId ? [[row.customerId, new Date(row.next)]] : [])),
  );
}
