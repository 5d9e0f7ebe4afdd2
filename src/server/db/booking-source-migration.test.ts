import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The migration that adds the 'multi' and 'api' sources also guesses the
// source of the bookings written before it: Multi Booking stored 'dispatch'.

const DRIZZLE = path.resolve(import.meta.dirname, '../../../drizzle');
const journal = JSON.parse(fs.readFileSync(path.join(DRIZZLE, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const tags = journal.entries.map((entry) => entry.tag);
const TARGET = tags.findIndex((tag) => tag.endsWith('_booking_source'));

async function apply(db: PGlite, tag: string) {
  const text = fs.readFileSync(path.join(DRIZZLE, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe('migration: booking source', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    for (const tag of tags.slice(0, TARGET)) await apply(db, tag);
  });
  afterAll(() => db.close());

  it('marks the rows one Multi Booking wrote as multi, and leaves the rest', async () => {
    const insert = (reference: string, values: string) =>
      db.exec(`insert into bookings (reference, pickup_time, pickup_location, dropoff_location,
        passenger_name, source, is_shuttle, shuttle_sequence, created_at)
        values ('${reference}', ${values})`);
    const batch = "'2026-05-01T10:00:00Z'";
    // One Multi Booking: one transaction, three days.
    await insert(
      'MULTI1',
      `'2026-06-01T01:00:00Z', 'A', 'B', 'Grace', 'dispatch', false, null, ${batch}`,
    );
    await insert(
      'MULTI2',
      `'2026-06-02T01:00:00Z', 'A', 'B', 'Grace', 'dispatch', false, null, ${batch}`,
    );
    // A single booking made at the same moment for someone else.
    await insert(
      'SINGLE',
      `'2026-06-01T01:00:00Z', 'C', 'D', 'Ada', 'dispatch', false, null, ${batch}`,
    );
    // A shuttle run: several rows in one transaction, but dispatch's.
    await insert(
      'SHUTL0',
      `'2026-06-03T01:00:00Z', 'E', 'F', 'Sid', 'dispatch', true, 0, ${batch}`,
    );
    await insert(
      'SHUTL1',
      `'2026-06-03T01:00:00Z', 'G', 'F', 'Sid', 'dispatch', true, 1, ${batch}`,
    );
    // Online bookings carried their source already.
    await insert(
      'ONLIN1',
      `'2026-06-04T01:00:00Z', 'A', 'B', 'Olive', 'online', false, null, ${batch}`,
    );
    // The same trip booked twice, at different moments: two New Bookings.
    await insert(
      'AGAIN1',
      `'2026-06-05T01:00:00Z', 'H', 'I', 'Ray', 'dispatch', false, null, now()`,
    );
    await insert(
      'AGAIN2',
      `'2026-06-06T01:00:00Z', 'H', 'I', 'Ray', 'dispatch', false, null, now() + interval '1 minute'`,
    );

    await apply(db, tags[TARGET]!);

    const { rows } = await db.query<{ reference: string; source: string }>(
      'select reference, source from bookings order by reference',
    );
    expect(Object.fromEntries(rows.map((row) => [row.reference, row.source]))).toEqual({
      AGAIN1: 'dispatch',
      AGAIN2: 'dispatch',
      MULTI1: 'multi',
      MULTI2: 'multi',
      ONLIN1: 'online',
      SHUTL0: 'dispatch',
      SHUTL1: 'dispatch',
      SINGLE: 'dispatch',
    });
  });

  it('accepts the new sources and still refuses an unknown one', async () => {
    const insert = (reference: string, source: string) =>
      db.query(
        `insert into bookings (reference, pickup_time, pickup_location, dropoff_location, source)
         values ($1, now(), 'A', 'B', $2)`,
        [reference, source],
      );
    await insert('APISRC', 'api');
    await insert('IMPSRC', 'import');
    await expect(insert('BADSRC', 'fax')).rejects.toThrow(/bookings_source_check/);
  });
});
