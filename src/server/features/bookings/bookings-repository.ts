import crypto from 'node:crypto';
import { bookingReference } from '../../../domain/bookings';
import type { Executor } from '../../db/database';
import { bookingEvents, bookings } from '../../db/schema';
import { refreshCustomerTotals } from '../customers/customers-repository';

export type NewBooking = Omit<typeof bookings.$inferInsert, 'id' | 'reference'>;
export type BookingRow = typeof bookings.$inferSelect;

function newReference(): string {
  return bookingReference(crypto.randomBytes(6));
}

/**
 * Inserts bookings in the order given, each with a 'created' event, and
 * brings their customers' totals up to date. Call inside a transaction when
 * several rows must stand or fall together.
 */
export async function insertBookings(
  db: Executor,
  drafts: NewBooking[],
  actorUserId: string | null,
): Promise<BookingRow[]> {
  if (drafts.length === 0) return [];
  const rows = await db
    .insert(bookings)
    .values(
      drafts.map((draft) => ({ ...draft, reference: newReference(), createdBy: actorUserId })),
    )
    .returning();
  await db.insert(bookingEvents).values(
    rows.map((row) => ({
      bookingId: row.id,
      actorUserId,
      type: 'created',
      toStatus: row.status,
      changes: { source: row.source },
    })),
  );
  await refreshCustomerTotals(
    db,
    rows.flatMap((row) => (row.customerId ? [row.customerId] : [])),
  );
  return rows;
}
