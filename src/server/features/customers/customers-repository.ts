import { eq, sql } from 'drizzle-orm';
import { splitFullName } from '../../../domain/customers';
import type { Executor } from '../../db/database';
import { customers } from '../../db/schema';

export type Contact = { fullName: string; phone: string | null; email: string | null };

/**
 * The customer a booking belongs to: found by phone, else by email, else
 * created from the passenger's name and contact details.
 */
export async function findOrCreateCustomer(db: Executor, contact: Contact): Promise<string> {
  const email = contact.email?.trim().toLowerCase() || null;
  if (contact.phone) {
    const [byPhone] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.phone, contact.phone))
      .limit(1);
    if (byPhone) return byPhone.id;
  }
  if (email) {
    const [byEmail] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`lower(${customers.email}) = ${email}`)
      .limit(1);
    if (byEmail) return byEmail.id;
  }
  const { firstName, lastName } = splitFullName(contact.fullName);
  const [created] = await db
    .insert(customers)
    .values({ firstName, lastName, phone: contact.phone, email })
    .returning({ id: customers.id });
  return created!.id;
}

/**
 * total_bookings, total_spent and last_booking_date come from the customer's
 * bookings, in one statement: bookings not cancelled count, completed ones
 * are money spent, and the last booking is the latest non-cancelled pickup,
 * upcoming ones included (so the value never changes by itself as time
 * passes). `'all'` refreshes every customer with bookings.
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
             max(b.pickup_time) filter (where b.status <> 'cancelled') as last_booking_date
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
