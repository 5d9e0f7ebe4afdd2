// Jobs handed back to dispatch when their driver cannot do them: suspended
// (the drivers feature's status change) or on leave (the schedule).
import { and, eq, inArray } from 'drizzle-orm';
import type { BookingStatus } from '../../../domain/bookings';
import type { Transaction } from '../../db/database';
import { bookingEvents, bookings } from '../../db/schema';
import { refreshCustomerTotals } from '../customers/customers-repository';
import { BACK_TO_PENDING } from './booking-status-changes';

/**
 * A driver's jobs go back to dispatch, pending and unassigned, each with a
 * 'returned-to-dispatch' event that flags it and says why (the Timeline and
 * the booking's history show it): those in `statuses` (default: assigned, not
 * yet started; a suspension's RETURNED_ON_SUSPENSION), all of them or a
 * leave's those in it (`only`). Returns their ids.
 */
export async function returnJobsToDispatch(
  tx: Transaction,
  driverId: string,
  reason: string,
  occurredAt: Date,
  options: {
    only?: readonly string[];
    actorUserId?: string | null;
    statuses?: readonly BookingStatus[];
  } = {},
): Promise<string[]> {
  if (options.only?.length === 0) return [];
  const statuses = options.statuses ?? ['assigned'];
  const released = await tx
    .select({
      id: bookings.id,
      vehicleId: bookings.vehicleId,
      status: bookings.status,
      customerId: bookings.customerId,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.driverId, driverId),
        inArray(bookings.status, [...statuses]),
        options.only ? inArray(bookings.id, [...options.only]) : undefined,
      ),
    )
    .for('update');
  if (released.length === 0) return [];
  await tx
    .update(bookings)
    // The events' time, as the trigger would set it from them (decision 63): the job
    // needs attention until it is assigned again.
    .set({ ...BACK_TO_PENDING, returnedAt: occurredAt, updatedAt: occurredAt })
    .where(
      inArray(
        bookings.id,
        released.map((row) => row.id),
      ),
    );
  await tx.insert(bookingEvents).values(
    released.map((row) => ({
      bookingId: row.id,
      actorUserId: options.actorUserId ?? null,
      type: 'returned-to-dispatch',
      fromStatus: row.status,
      toStatus: 'pending',
      changes: {
        reason,
        flagged: true,
        driverId: { from: driverId, to: null },
        vehicleId: { from: row.vehicleId, to: null },
      },
      occurredAt,
    })),
  );
  // A ride set off for counted as the customer's last booking; back to pending it does not.
  const started = released.filter((row) => row.status !== 'assigned' && row.customerId);
  if (started.length > 0) {
    await refreshCustomerTotals(tx, [...new Set(started.map((row) => row.customerId!))]);
  }
  return released.map((row) => row.id);
}
