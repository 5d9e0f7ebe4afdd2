import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TariffTable } from '../../../domain/fares';
import type { BulkJobResult, BulkJobsInput } from '../../../domain/jobs';
import type { Database, Transaction } from '../../db/database';
import { bookingEvents, bookings } from '../../db/schema';
import { AppError } from '../../lib/errors';
// Bulk actions go through the bookings feature's own writes and assignment
// checks, so the lifecycle rules and the event history stay in one place.
import { checkAssignment } from '../bookings/assignment-repository';
import { assignBooking, changeBookingStatus } from '../bookings/booking-status-changes';

export type BulkOutcome = {
  results: BulkJobResult[];
  /** Bookings that changed, with the drivers each was taken from (to tell them). */
  changed: { id: string; formerDriverId: string | null }[];
};

/** The reason goes on the cancellation's own event, where the Timeline and history show it. */
async function recordCancelReason(tx: Transaction, bookingId: string, reason: string) {
  const [latest] = await tx
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.toStatus, 'cancelled')))
    .orderBy(desc(bookingEvents.id))
    .limit(1);
  if (!latest) return;
  await tx
    .update(bookingEvents)
    .set({ changes: sql`${bookingEvents.changes} || ${JSON.stringify({ reason })}::jsonb` })
    .where(eq(bookingEvents.id, latest.id));
}

/**
 * One bulk action in one transaction. Each row runs in its own savepoint: a
 * row the lifecycle (or the fleet) refuses is rolled back alone and reported
 * with the reason, the others are kept. Anything but a refusal fails the lot.
 */
export async function runBulkAction(
  db: Database,
  input: BulkJobsInput,
  context: { actorUserId: string | null; timeZone: string; tariffs: TariffTable },
): Promise<BulkOutcome> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: bookings.id, reference: bookings.reference })
      .from(bookings)
      .where(inArray(bookings.id, ids));
    const referenceById = new Map(found.map((row) => [row.id, row.reference]));
    const results: BulkJobResult[] = [];
    const changed: BulkOutcome['changed'] = [];

    for (const id of ids) {
      const reference = referenceById.get(id) ?? null;
      if (reference === null) {
        results.push({ id, reference, isDone: false, message: 'Booking not found.' });
        continue;
      }
      try {
        const outcome = await tx.transaction(async (row) => {
          const { action } = input;
          switch (action.type) {
            case 'assign': {
              const check = await checkAssignment(
                row,
                { bookingId: id, driverId: action.driverId },
                context.timeZone,
              );
              const assigned = await assignBooking(
                row,
                id,
                { driverId: action.driverId, vehicleId: check.vehicleId },
                context.actorUserId,
              );
              const warnings = [check.capacityWarning, check.clashWarning].filter(Boolean);
              return { ...assigned, message: warnings.length > 0 ? warnings.join(' ') : null };
            }
            case 'status': {
              const moved = await changeBookingStatus(row, id, action.status, {
                userId: context.actorUserId,
                tariffs: context.tariffs,
              });
              return { ...moved, message: null };
            }
            case 'cancel': {
              const cancelled = await changeBookingStatus(row, id, 'cancelled', {
                userId: context.actorUserId,
                tariffs: context.tariffs,
              });
              await recordCancelReason(row, id, action.reason);
              return { ...cancelled, message: null };
            }
            default: {
              const unknown: never = action;
              return unknown;
            }
          }
        });
        results.push({ id, reference, isDone: true, message: outcome.message });
        changed.push({ id, formerDriverId: outcome.formerDriverId });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        results.push({ id, reference, isDone: false, message: error.message });
      }
    }
    return { results, changed };
  });
}
