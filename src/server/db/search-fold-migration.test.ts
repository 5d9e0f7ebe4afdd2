import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTextCondition } from '../features/bookings/booking-text-search';
import { listCustomers } from '../features/customers/customers-repository';
import { search } from '../features/search/search-repository';
import { wrapPglite, type Connection } from './connect';
import { bookings, customers } from './schema';

// Migration 0024 on a database that cannot create unaccent (decision 92):
// search_fold is the identity there, so every search works as before it,
// accent-sensitive, with its trigram indexes and typo forgiveness.

describe('search on a database without unaccent', () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = wrapPglite(await PGlite.create({ extensions: { pg_trgm } }));
    await connection.migrate();
    await connection.db.insert(customers).values([
      { firstName: 'Zoë', lastName: 'Ånström' },
      { firstName: 'Margaret', lastName: 'Whitfield' },
    ]);
    await connection.db.insert(bookings).values({
      reference: 'NOACC1',
      pickupTime: new Date(),
      pickupLocation: 'Café Bonjour, Perth',
      dropoffLocation: 'Perth Airport',
      passengerName: 'Zoë Ånström',
    });
  });
  afterAll(() => connection.close());

  it('migrates with search_fold as the identity and the folded trigram indexes', async () => {
    const { rows } = (await connection.db.execute(sql`
      select search_fold('Zoë') as folded,
        exists (select 1 from pg_extension where extname = 'unaccent') as has_unaccent,
        exists (select 1 from pg_indexes where indexname = 'bookings_search_text_folded_trgm_idx')
          as indexed`)) as unknown as { rows: Record<string, unknown>[] };
    expect(rows[0]).toEqual({ folded: 'Zoë', has_unaccent: false, indexed: true });
  });

  it('finds names as typed, accents and all, and still forgives a typo', async () => {
    const answer = await search(connection.db, 'Zoë', 'Australia/Perth');
    expect(answer.groups.customers.hits.map((hit) => hit.title)).toEqual(['Zoë Ånström']);
    expect(answer.groups.jobs.hits.map((hit) => hit.title)).toEqual(['#NOACC1 Zoë Ånström']);
    const unaccented = await search(connection.db, 'Anstrom', 'Australia/Perth');
    expect(unaccented.groups.customers.count + unaccented.groups.jobs.count).toBe(0);
    const typo = await search(connection.db, 'Whitfeld', 'Australia/Perth');
    expect(typo.groups.customers.hits.map((hit) => hit.title)).toEqual(['Margaret Whitfield']);
  });

  it('answers Customer Management and free text', async () => {
    const listed = await listCustomers(connection.db, { q: 'ånström', limit: 10 });
    expect(listed.rows.map((row) => row.lastName)).toEqual(['Ånström']);
    const found = await connection.db
      .select({ reference: bookings.reference })
      .from(bookings)
      .where(bookingTextCondition('café'));
    expect(found).toEqual([{ reference: 'NOACC1' }]);
  });
});
