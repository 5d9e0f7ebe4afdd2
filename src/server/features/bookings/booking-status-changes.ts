// The writes that move a booking's status or give it to a driver: assignment,
// the lifecycle's steps (dispatch's and the driver's taps), the driver's
// acknowledgement, and jobs handed back to dispatch. Creation and edits are in
// bookings-repository.ts.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  canTransition,
  fieldChanges,
  canAssign,
  transitionRefusal,
  type BookingStatus,
} from '../../../domain/bookings';
import { assignmentChangedRefusal } from '../../../domain/bookings/assignment';
import {
  driverStepRefusal,
  earlyStepRefusal,
  noShowRefusal,
  NOT_YOUR_JOB_REFUSAL,
} from '../../../domain/bookings/driver-jobs';
import { jobVehicleId, recordsJobVehicle } from '../../../domain/bookings/job-vehicle';
import { seenBookingRefusal, type SeenBooking } from '../../../domain/bookings/seen-booking';
import {
  isSuspendedDriversStep,
  SUSPENDED_DRIVER_REFUSAL,
} from '../../../domain/bookings/suspended-driver';
import { fareComponents, type TariffTable } from '../../../domain/fares';
import { dollarsToCents } from '../../../domain/format';
import type { VehicleType } from '../../../domain/vehicles';
import type { Executor, Transaction } from '../../db/database';
import { bookingEvents, bookings, drivers } from '../../db/schema';
import { openShiftVehicleId } from '../../lib/driver-vehicles';
import { Conflict, NotFound } from '../../lib/errors';
import { refreshCustomerTotals } from '../customers/customers-repository';
import { assignmentTimes } from './booking-read-model';
import { arrivedAt } from './driver-jobs-read-model';
import { lockBooking, recordEvent } from './bookings-repository';

/** What going back to pending clears: the driver, their vehicle and their Accept. */
export const BACK_TO_PENDING = {
  status: 'pending',
  driverId: null,
  vehicleId: null,
  acknowledgedAt: null,
} as const;

/** Whether the driver is suspended now (their row is read in the change's transaction). */
async function isSuspended(tx: Executor, driverId: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: drivers.status })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  return row?.status === 'suspended';
}

/** A driver's full name, for a refusal that names them; null without a driver. */
async function driverName(tx: Executor, driverId: string | null): Promise<string | null> {
  if (!driverId) return null;
  const [row] = await tx
    .select({ firstName: drivers.firstName, lastName: drivers.lastName })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

/**
 * Gives a booking to a driver (and their vehicle unless another is named).
 * A pending booking becomes assigned; an assigned or en-route one may change
 * driver, and is assigned to the new one (decision 184).
 * With `expectedDriverId` (the driver the caller saw on it; null: none), a
 * booking that has another driver by the time its row is locked is refused
 * (409, naming them): of two dispatchers assigning at once, the second is
 * told instead of silently overwriting the first.
 */
export async function assignBooking(
  tx: Transaction,
  id: string,
  assignment: { driverId: string; vehicleId: string | null; expectedDriverId?: string | null },
  actorUserId: string | null,
): Promise<{ formerDriverId: string | null }> {
  const before = await lockBooking(tx, id);
  if (
    assignment.expectedDriverId !== undefined &&
    before.driverId !== assignment.expectedDriverId
  ) {
    throw new Conflict(assignmentChangedRefusal(await driverName(tx, before.driverId)));
  }
  const from = before.status as BookingStatus;
  if (!canAssign(from)) {
    throw new Conflict(transitionRefusal(from, 'assigned'));
  }
  // Reassigning the driver who is on the way would only undo their En route.
  if (from === 'en-route' && before.driverId === assignment.driverId) {
    throw new Conflict(
      `${(await driverName(tx, before.driverId)) ?? 'The driver'} is on the way to this job already.`,
    );
  }
  const assignedAt = new Date();
  await tx
    .update(bookings)
    .set({
      status: 'assigned',
      driverId: assignment.driverId,
      vehicleId: assignment.vehicleId,
      // A new assignment waits for the driver's Accept.
      acknowledgedAt: null,
      // What migration 0021's trigger would set from the event, set here in the same row
      // version so the trigger finds nothing to change (decision 63).
      assignedAt,
      declinedAt: null,
      returnedAt: null,
      updatedAt: assignedAt,
    })
    .where(eq(bookings.id, id));
  await recordEvent(tx, {
    bookingId: id,
    actorUserId,
    occurredAt: assignedAt,
    type: 'assigned',
    fromStatus: from,
    toStatus: 'assigned',
    changes: fieldChanges(
      { driverId: before.driverId, vehicleId: before.vehicleId },
      { driverId: assignment.driverId, vehicleId: assignment.vehicleId },
    ),
  });
  if (from !== 'assigned' && before.customerId) {
    await refreshCustomerTotals(tx, [before.customerId]);
  }
  return {
    formerDriverId:
      before.driverId && before.driverId !== assignment.driverId ? before.driverId : null,
  };
}

/** A driver's change from the phone: when they tapped and where they were. */
export type DriverStamp = {
  /** When it happened (the driver's tap); the event keeps when it was received too. */
  occurredAt: Date;
  /** Set when the driver made the change: their position is stamped on it. */
  byDriver?: {
    /** Minutes after arriving before the driver may mark a no-show. */
    noShowWaitMinutes: number;
    /** Minutes before the pickup time from which En route and Completed may be made. */
    setOffWindowMinutes: number;
    /** The business's zone, for the times a refusal names. */
    timeZone: string;
  };
};

/**
 * Moves a booking along its lifecycle. Back to pending takes the driver off;
 * to assigned needs a driver already on the booking (the assign route gives one).
 * `onlyDriverId` limits the change to that driver's bookings (404 otherwise);
 * their step to the status the booking has already is done, unchanged.
 * With `seen` (the status and driver the caller saw on it), a booking that
 * differs by the time its row is locked is refused (409, naming its driver and
 * status now): a dispatcher's Cancel or Unassign made on an out-of-date board
 * changes nothing.
 */
export async function changeBookingStatus(
  tx: Transaction,
  id: string,
  to: BookingStatus,
  actor: {
    userId: string | null;
    onlyDriverId?: string | null;
    stamp?: DriverStamp;
    /** The tariffs in force: a completed journey keeps its fare's components priced by them. */
    tariffs: TariffTable;
    /** What the caller saw on the booking when it chose the step; left out: not checked. */
    seen?: SeenBooking;
  },
): Promise<{ formerDriverId: string | null; isUnchanged?: true }> {
  const before = await lockBooking(tx, id);
  if (actor.onlyDriverId !== undefined && before.driverId !== actor.onlyDriverId) {
    throw new NotFound(NOT_YOUR_JOB_REFUSAL);
  }
  const from = before.status as BookingStatus;
  // The driver's tap for the state their job is in already (a double tap, a
  // tap queued offline sent after its twin): done, nothing new is recorded.
  if (from === to && actor.onlyDriverId) return { formerDriverId: null, isUnchanged: true };
  if (actor.seen) {
    const name = await driverName(tx, before.driverId);
    const refusal = seenBookingRefusal(
      actor.seen,
      {
        status: from,
        driver: before.driverId ? { id: before.driverId, name: name ?? 'another driver' } : null,
      },
      to,
    );
    if (refusal) throw new Conflict(refusal);
  }
  // A suspended driver finishes the ride on board, and takes no other step.
  if (
    actor.onlyDriverId &&
    !isSuspendedDriversStep(from, to) &&
    (await isSuspended(tx, actor.onlyDriverId))
  ) {
    throw new Conflict(SUSPENDED_DRIVER_REFUSAL);
  }
  if (!canTransition(from, to)) {
    throw new Conflict(
      (actor.onlyDriverId ? driverStepRefusal(from) : null) ?? transitionRefusal(from, to),
    );
  }
  if (to === 'assigned' && !before.driverId) {
    throw new Conflict('Assign a driver to this booking before marking it assigned.');
  }
  const stamp = actor.stamp;
  // The driver's steps keep to the booked time (decision 103); dispatch's are the office's record.
  if (stamp?.byDriver) {
    const refusal =
      to === 'no-show'
        ? noShowRefusal(
            { arrivedAt: await arrivedAt(tx, id), pickupTime: before.pickupTime },
            stamp.occurredAt,
            stamp.byDriver.noShowWaitMinutes,
          )
        : earlyStepRefusal(
            before,
            to,
            stamp.occurredAt,
            stamp.byDriver.timeZone,
            stamp.byDriver.setOffWindowMinutes,
          );
    if (refusal) throw new Conflict(refusal);
  }
  const takesDriverOff = to === 'pending';
  // The WA booking record: the journey's start and end are these events' times, and its
  // car the one the driver is on shift in as the job goes, not the one planned at assignment.
  const eventAt = stamp?.occurredAt ?? new Date();
  const vehicleId = jobVehicleId(to, {
    onBooking: before.vehicleId,
    ofOpenShift:
      before.driverId && recordsJobVehicle(to)
        ? await openShiftVehicleId(tx, before.driverId)
        : null,
  });
  await tx
    .update(bookings)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(takesDriverOff ? BACK_TO_PENDING : { vehicleId }),
      ...(to === 'on-board' ? { journeyStartedAt: eventAt } : {}),
      ...(to === 'completed'
        ? {
            journeyEndedAt: eventAt,
            fareComponents: fareComponents(
              {
                fareCents: dollarsToCents(before.fareAmount),
                distanceMeters: before.distanceMeters,
                durationSeconds: before.durationSeconds,
                vehicleType: before.vehicleType as VehicleType,
              },
              actor.tariffs,
            ),
          }
        : {}),
    })
    .where(eq(bookings.id, id));
  const position =
    stamp?.byDriver && before.driverId ? await driverPosition(tx, before.driverId) : null;
  await recordEvent(tx, {
    bookingId: id,
    actorUserId: actor.userId,
    type: 'status',
    fromStatus: from,
    toStatus: to,
    changes: {
      ...(takesDriverOff
        ? fieldChanges(
            { driverId: before.driverId, vehicleId: before.vehicleId },
            { driverId: null, vehicleId: null },
          )
        : fieldChanges({ vehicleId: before.vehicleId }, { vehicleId })),
      ...(position ? { position } : {}),
    },
    occurredAt: eventAt,
  });
  if (before.customerId) await refreshCustomerTotals(tx, [before.customerId]);
  return { formerDriverId: takesDriverOff ? before.driverId : null };
}

/** The driver's last reported position, stamped on their changes. */
async function driverPosition(
  tx: Executor,
  driverId: string,
): Promise<{ lat: number; lng: number; at: string } | null> {
  const [row] = await tx
    .select({
      lat: drivers.latitude,
      lng: drivers.longitude,
      at: drivers.locationUpdatedAt,
    })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  if (!row || row.lat === null || row.lng === null || row.at === null) return null;
  return { lat: row.lat, lng: row.lng, at: row.at.toISOString() };
}

/**
 * The assigned driver accepts their job. Accepting again is a no-op; a job
 * that is no longer waiting for its driver (reassigned, cancelled) is a 404 or 409.
 */
export async function acknowledgeJob(
  tx: Transaction,
  id: string,
  actor: { userId: string | null; driverId: string | null; occurredAt: Date },
): Promise<void> {
  const before = await lockBooking(tx, id);
  if (actor.driverId === null || before.driverId !== actor.driverId) {
    throw new NotFound(NOT_YOUR_JOB_REFUSAL);
  }
  if (before.acknowledgedAt) return;
  if (await isSuspended(tx, actor.driverId)) throw new Conflict(SUSPENDED_DRIVER_REFUSAL);
  if (before.status !== 'assigned') {
    throw new Conflict(
      driverStepRefusal(before.status as BookingStatus) ??
        `This job is ${before.status}; only an assigned job can be accepted.`,
    );
  }
  await tx
    .update(bookings)
    .set({ acknowledgedAt: actor.occurredAt, updatedAt: new Date() })
    .where(eq(bookings.id, id));
  const position = await driverPosition(tx, actor.driverId);
  await recordEvent(tx, {
    bookingId: id,
    actorUserId: actor.userId,
    type: 'acknowledged',
    changes: { driverId: actor.driverId, ...(position ? { position } : {}) },
    occurredAt: actor.occurredAt,
  });
}

/**
 * The assigned driver declines their job: it goes back to pending without a
 * driver, with the reason in its events. Only before they have set off.
 */
export async function declineJob(
  tx: Transaction,
  id: string,
  actor: { userId: string | null; driverId: string | null; occurredAt: Date; reason: string },
): Promise<{ formerDriverId: string }> {
  const before = await lockBooking(tx, id);
  if (actor.driverId === null || before.driverId !== actor.driverId) {
    throw new NotFound(NOT_YOUR_JOB_REFUSAL);
  }
  const from = before.status as BookingStatus;
  if (!canTransition(from, 'pending')) {
    throw new Conflict(driverStepRefusal(from) ?? transitionRefusal(from, 'pending'));
  }
  await tx
    .update(bookings)
    .set({
      ...BACK_TO_PENDING,
      // As the trigger would from the event below (decision 63).
      declinedAt: actor.occurredAt,
      updatedAt: new Date(),
    })
    .where(eq(bookings.id, id));
  const released = fieldChanges<{ driverId: string | null; vehicleId: string | null }>(
    { driverId: before.driverId, vehicleId: before.vehicleId },
    { driverId: null, vehicleId: null },
  );
  await recordEvent(tx, {
    bookingId: id,
    actorUserId: actor.userId,
    type: 'declined',
    fromStatus: from,
    toStatus: 'pending',
    changes: { reason: actor.reason, ...released },
    occurredAt: actor.occurredAt,
  });
  return { formerDriverId: actor.driverId };
}

/**
 * Records that dispatch was told of each assignment its driver has not
 * accepted within the timeout (the rule of isAcknowledgementOverdue, in SQL):
 * an 'acknowledgement-overdue' event, once per assignment. Returns their ids.
 */
export async function flagUnacknowledgedAssignments(
  db: Executor,
  now: Date,
  timeoutMinutes: number,
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - timeoutMinutes * 60_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: bookings.id, driverId: bookings.driverId })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'assigned'),
          sql`${bookings.acknowledgedAt} is null`,
          sql`${assignmentTimes.assignedAt} <= ${cutoff}`,
          sql`${assignmentTimes.acknowledgementOverdueAt} is null`,
        ),
      )
      .orderBy(asc(bookings.pickupTime))
      .limit(500)
      .for('update', { of: bookings, skipLocked: true });
    if (due.length === 0) return [];
    await tx.insert(bookingEvents).values(
      due.map((booking) => ({
        bookingId: booking.id,
        actorUserId: null,
        type: 'acknowledgement-overdue',
        changes: { driverId: booking.driverId, timeoutMinutes },
        occurredAt: now,
      })),
    );
    return due.map((booking) => booking.id);
  });
}
