import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS, wrapPglite, type Connection } from '../../db/connect';
import { bookingEvents, bookings } from '../../db/schema';

// The booking's assignment, decline and return times are kept from its events
// by migration 0021's trigger (decision 63; 0029 added the return): whoever
// writes the events, however many at once, the columns say what the events say.

let connection: Connection;

beforeAll(async () => {
  connection = wrapPglite(new PGlite({ extensions: PGLITE_EXTENSIONS }));
  await connection.migrate();
});

afterAll(async () => {
  await connection.close();
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 2, minute));

async function newBooking(reference: string): Promise<string> {
  const [row] = await connection.db
    .insert(bookings)
    .values({
      reference,
      pickupTime: at(59),
      pickupLocation: 'Crown Perth',
      dropoffLocation: 'Perth Airport T1',
    })
    .returning({ id: bookings.id });
  return row!.id;
}

async function record(bookingId: string, ...events: [type: string, minute: number][]) {
  await connection.db
    .insert(bookingEvents)
    .values(events.map(([type, minute]) => ({ bookingId, type, occurredAt: at(minute) })));
}

async function times(bookingId: string) {
  const [row] = await connection.db
    .select({ assignedAt: bookings.assignedAt, declinedAt: bookings.declinedAt })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
}

describe("a booking's assignment times", () => {
  it('are empty until it is assigned, and other events leave them alone', async () => {
    const id = await newBooking('TIMES1');
    await record(id, ['created', 1], ['edited', 2]);
    expect(await times(id)).toEqual({ assignedAt: null, declinedAt: null });
  });

  it('follow assignments and declines written one at a time', async () => {
    const id = await newBooking('TIMES2');
    await record(id, ['assigned', 1]);
    expect(await times(id)).toEqual({ assignedAt: at(1), declinedAt: null });
    await record(id, ['declined', 2]);
    expect(await times(id)).toEqual({ assignedAt: at(1), declinedAt: at(2) });
    await record(id, ['status', 3]);
    expect(await times(id)).toEqual({ assignedAt: at(1), declinedAt: at(2) });
    // A new assignment ends the decline.
    await record(id, ['assigned', 4]);
    expect(await times(id)).toEqual({ assignedAt: at(4), declinedAt: null });
  });

  it('take the order the events were recorded in, not their tap times', async () => {
    const id = await newBooking('TIMES3');
    // The driver's decline, tapped offline before the reassignment, arrives after it.
    await record(id, ['assigned', 10], ['declined', 5]);
    expect(await times(id)).toEqual({ assignedAt: at(10), declinedAt: at(5) });
    await record(id, ['assigned', 7]);
    expect(await times(id)).toEqual({ assignedAt: at(7), declinedAt: null });
  });

  it('read the whole history when one insert records several events', async () => {
    const declined = await newBooking('TIMES4');
    await record(declined, ['assigned', 1], ['declined', 2], ['assigned', 3], ['declined', 4]);
    expect(await times(declined)).toEqual({ assignedAt: at(3), declinedAt: at(4) });
    const reassigned = await newBooking('TIMES5');
    await record(reassigned, ['assigned', 1], ['declined', 2], ['assigned', 3]);
    expect(await times(reassigned)).toEqual({ assignedAt: at(3), declinedAt: null });
  });

  it('follow a correction of an event', async () => {
    const id = await newBooking('TIMES6');
    await record(id, ['assigned', 1], ['declined', 2]);
    await connection.db
      .update(bookingEvents)
      .set({ occurredAt: at(20) })
      .where(sql`${bookingEvents.bookingId} = ${id} and ${bookingEvents.type} = 'assigned'`);
    expect(await times(id)).toEqual({ assignedAt: at(20), declinedAt: at(2) });
    await connection.db
      .update(bookingEvents)
      .set({ type: 'edited' })
      .where(sql`${bookingEvents.bookingId} = ${id} and ${bookingEvents.type} = 'declined'`);
    expect(await times(id)).toEqual({ assignedAt: at(20), declinedAt: null });
  });

  it('are not written again when the writer already set them (one row version, not two)', async () => {
    const id = await newBooking('TIMES7');
    await connection.db
      .update(bookings)
      .set({ assignedAt: at(30), declinedAt: null })
      .where(eq(bookings.id, id));
    const version = async () =>
      (
        (await connection.db.execute(
          sql`select xmin::text as version from bookings where id = ${id}`,
        )) as unknown as { rows: { version: string }[] }
      ).rows[0]!.version;
    const before = await version();
    await record(id, ['assigned', 30]);
    expect(await version()).toBe(before);
    await record(id, ['declined', 31]);
    expect(await version()).not.toBe(before);
    expect(await times(id)).toEqual({ assignedAt: at(30), declinedAt: at(31) });
  });

  it('are filled for the bookings that existed before migration 0021 as the trigger fills them', async () => {
    const histories: [string, [string, number][]][] = [
      ['FILL1', [['created', 0]]],
      [
        'FILL2',
        [
          ['assigned', 1],
          ['declined', 2],
        ],
      ],
      [
        'FILL3',
        [
          ['assigned', 1],
          ['declined', 2],
          ['assigned', 3],
        ],
      ],
      [
        'FILL4',
        [
          ['assigned', 9],
          ['declined', 4],
          ['status', 5],
        ],
      ],
      ['FILL5', [['declined', 6]]],
    ];
    const ids: string[] = [];
    for (const [reference, events] of histories) {
      const id = await newBooking(reference);
      await record(id, ...events);
      ids.push(id);
    }
    const kept = await Promise.all(ids.map(times));
    await connection.db.update(bookings).set({ assignedAt: null, declinedAt: null });
    const migration = readFileSync(
      new URL('../../../../drizzle/0021_booking_assignment_times.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('WITH last_event AS'));
    await connection.db.execute(sql.raw(backfill!));
    expect(await Promise.all(ids.map(times))).toEqual(kept);
    expect(kept[3]).toEqual({ assignedAt: at(9), declinedAt: at(4) });
  });

  it('follow a return to dispatch until the next assignment', async () => {
    const id = await newBooking('TIMES8');
    await record(id, ['assigned', 1], ['returned-to-dispatch', 2]);
    expect(await returned(id)).toEqual(at(2));
    await record(id, ['status', 3]);
    expect(await returned(id)).toEqual(at(2));
    await record(id, ['assigned', 4]);
    expect(await returned(id)).toBeNull();
    // Recorded after an assignment it was tapped before: still a return since it.
    await record(id, ['returned-to-dispatch', 3]);
    expect(await returned(id)).toEqual(at(3));
    await connection.db
      .update(bookingEvents)
      .set({ type: 'edited' })
      .where(
        sql`${bookingEvents.bookingId} = ${id} and ${bookingEvents.type} = 'returned-to-dispatch'`,
      );
    expect(await returned(id)).toBeNull();
  });

  it('are not written again when the return set its time already', async () => {
    const id = await newBooking('TIMES9');
    await record(id, ['assigned', 40]);
    await connection.db
      .update(bookings)
      .set({ returnedAt: at(41) })
      .where(eq(bookings.id, id));
    const version = async () =>
      (
        (await connection.db.execute(
          sql`select xmin::text as version from bookings where id = ${id}`,
        )) as unknown as { rows: { version: string }[] }
      ).rows[0]!.version;
    const before = await version();
    await record(id, ['returned-to-dispatch', 41]);
    expect(await version()).toBe(before);
  });

  it('are filled with the returns that existed before migration 0029 as the trigger fills them', async () => {
    const histories: [string, [string, number][]][] = [
      ['BACK1', [['assigned', 1]]],
      [
        'BACK2',
        [
          ['assigned', 1],
          ['returned-to-dispatch', 2],
        ],
      ],
      [
        'BACK3',
        [
          ['assigned', 1],
          ['returned-to-dispatch', 2],
          ['assigned', 3],
        ],
      ],
      [
        'BACK4',
        [
          ['assigned', 9],
          ['returned-to-dispatch', 4],
          ['assigned', 5],
          ['returned-to-dispatch', 6],
        ],
      ],
      ['BACK5', [['returned-to-dispatch', 7]]],
    ];
    const ids: string[] = [];
    for (const [reference, events] of histories) {
      const id = await newBooking(reference);
      await record(id, ...events);
      ids.push(id);
    }
    const kept = await Promise.all(ids.map(returned));
    expect(kept).toEqual([null, at(2), null, at(6), at(7)]);
    await connection.db.update(bookings).set({ returnedAt: null });
    const migration = readFileSync(
      new URL('../../../../drizzle/0029_booking_returned_at.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('WITH last_returned AS'));
    await connection.db.execute(sql.raw(backfill!));
    expect(await Promise.all(ids.map(returned))).toEqual(kept);
  });
});

async function returned(bookingId: string) {
  const [row] = await connection.db
    .select({ returnedAt: bookings.returnedAt })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row!.returnedAt;
}
