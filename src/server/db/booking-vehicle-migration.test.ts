import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from './connect';

// The migration that gives trips already driven the car they were driven in:
// the car of the driver's shift at the trip's last step under way.

const DRIZZLE = path.resolve(import.meta.dirname, '../../../drizzle');
const journal = JSON.parse(fs.readFileSync(path.join(DRIZZLE, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const tags = journal.entries.map((entry) => entry.tag);
const TARGET = tags.findIndex((tag) => tag.endsWith('_booking_vehicle_driven'));

async function apply(db: PGlite, tag: string) {
  const text = fs.readFileSync(path.join(DRIZZLE, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

describe('migration: the car a trip was driven in', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    for (const tag of tags.slice(0, TARGET)) await apply(db, tag);
  });
  afterAll(() => db.close());

  async function id(query: string, values: unknown[] = []): Promise<string> {
    const { rows } = await db.query<{ id: string }>(`${query} returning id`, values);
    return rows[0]!.id;
  }

  it('sets the car of the shift the trip was driven in, and leaves what no shift covers', async () => {
    const car = (plate: string) =>
      id(
        `insert into vehicles (type, make, model, registration, seats)
         values ('Standard HUG', 'Toyota', 'Camry', $1, 4)`,
        [plate],
      );
    const usual = await car('1MIG 001');
    const driven = await car('1MIG 002');
    const tonight = await car('1MIG 003');
    const driver = await id(
      `insert into drivers (first_name, last_name, status) values ('Mia', 'Grate', 'offline')`,
    );
    await db.query(
      `insert into driver_shifts (driver_id, vehicle_id, started_at, ended_at) values
        ($1, $2, '2026-06-01T00:00:00Z', '2026-06-01T10:00:00Z'),
        ($1, $3, '2026-06-02T00:00:00Z', null)`,
      [driver, driven, tonight],
    );
    const trip = async (reference: string, status: string, vehicleId: string | null) =>
      id(
        `insert into bookings (reference, pickup_time, pickup_location, dropoff_location,
           status, driver_id, vehicle_id)
         values ($1, '2026-06-01T03:00:00Z', 'A', 'B', $2, $3, $4)`,
        [reference, status, driver, vehicleId],
      );
    const step = (bookingId: string, from: string, to: string, at: string) =>
      db.query(
        `insert into booking_events (booking_id, type, from_status, to_status, occurred_at)
         values ($1, 'status', $2, $3, $4)`,
        [bookingId, from, to, at],
      );
    // Assigned off shift (no car), driven in the first shift's car.
    const noCar = await trip('NOCAR1', 'completed', null);
    await step(noCar, 'assigned', 'en-route', '2026-06-01T02:40:00Z');
    await step(noCar, 'arrived', 'on-board', '2026-06-01T03:00:00Z');
    await step(noCar, 'on-board', 'completed', '2026-06-01T03:30:00Z');
    // Planned in the usual car, driven in the shift's.
    const planned = await trip('PLAN01', 'no-show', usual);
    await step(planned, 'assigned', 'en-route', '2026-06-01T05:00:00Z');
    // Driven while no shift was open: kept as it is.
    const offShift = await trip('OFFSH1', 'completed', usual);
    await step(offShift, 'arrived', 'on-board', '2026-06-01T12:00:00Z');
    // Not driven yet, though the driver is on shift in a car now.
    const waiting = await trip('WAIT01', 'assigned', null);

    await apply(db, tags[TARGET]!);

    const { rows } = await db.query<{ reference: string; vehicle_id: string | null }>(
      'select reference, vehicle_id from bookings where id = any($1)',
      [[noCar, planned, offShift, waiting]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.reference, row.vehicle_id]))).toEqual({
      NOCAR1: driven,
      PLAN01: driven,
      OFFSH1: usual,
      WAIT01: null,
    });
  });
});
