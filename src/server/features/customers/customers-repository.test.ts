import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookingCustomerParts, type Contact } from './customers-repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.connection.db.insert(customers).values([
    { firstName: 'Jane', lastName: 'Citizen', phone: '+61412345678', email: 'Jane@Example.com' },
    { firstName: 'John', lastName: 'Smith', phone: '+61898765432', email: 'john@example.com' },
  ]);
});

afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown>;

async function rowsOf(query: SQL): Promise<Row[]> {
  const result = await t.connection.db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * The plan PostgreSQL picks when reading the whole table is made as dear as
 * it can be: a table this small is read whole anyway, so only an index that
 * fits the condition keeps 'Seq Scan' out of the plan.
 */
async function planWithoutTableScans(query: SQL): Promise<string> {
  return t.connection.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    return (result as unknown as { rows: Row[] }).rows
      .map((row) => Object.values(row).join(''))
      .join('\n');
  });
}

const contact = (fields: Partial<Contact>): { kind: 'contact'; contact: Contact } => ({
  kind: 'contact',
  contact: { fullName: 'New Person', phone: null, email: null, ...fields },
});

describe("a booking's customer found by its contact", () => {
  it('is the customer with the phone, whatever the email says', async () => {
    const { found } = bookingCustomerParts(
      contact({ phone: '+61898765432', email: 'jane@example.com' }),
    );
    expect((await rowsOf(found)).map((row) => row.first_name)).toEqual(['John']);
  });

  it('is the customer with the email in any case when no customer has the phone', async () => {
    const { found } = bookingCustomerParts(
      contact({ phone: '+61400000000', email: ' JANE@example.COM ' }),
    );
    expect((await rowsOf(found)).map((row) => row.first_name)).toEqual(['Jane']);
  });

  it('is nobody when neither the phone nor the email is known', async () => {
    const { found } = bookingCustomerParts(
      contact({ phone: '+61400000000', email: 'nobody@example.com' }),
    );
    expect(await rowsOf(found)).toEqual([]);
  });

  it('is looked up by index, not by reading every customer', async () => {
    const { found } = bookingCustomerParts(
      contact({ phone: '+61400000000', email: 'nobody@example.com' }),
    );
    const plan = await planWithoutTableScans(found);
    expect(plan).toContain('customers_phone_idx');
    expect(plan).toContain('customers_email_lower_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
