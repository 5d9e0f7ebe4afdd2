import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  overrideUpkeep,
  suspendingProblems,
  suspendsDriver,
  suspensionReason,
  type Compliance,
} from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import {
  complianceOverrides,
  complianceSuspensions,
  driverShifts,
  drivers,
  vehicles,
} from '../../db/schema';
import type { EventBus } from '../../lib/live-events';
import { suspensionJobsText } from '../../../domain/bookings/suspended-driver';
import { loadBooking } from '../bookings/booking-read-model';
// A suspension is the drivers feature's status change: it hands the jobs back.
import { ridesOnBoard, setDriverStatus } from '../drivers/drivers-repository';
import { assessDrivers, complianceContext, overridesInForce } from './compliance-repository';
import { sendReminders } from './expiry-reminders';

export type CheckDeps = Pick<FastifyInstance, 'db' | 'mailer' | 'notifyAdmins'> & {
  log: FastifyBaseLogger;
  bus: EventBus;
};

export type CheckResult = { suspended: number; lifted: number; reminders: number };

/**
 * The compliance pass (at start, hourly, and after a document or override
 * changes): a driver who holds an expired required document (their own or
 * their vehicle's), or a rejected one once they have been on shift, is
 * suspended (`suspendsDriver`), their jobs not yet started go back to
 * dispatch flagged, and dispatch hears of both live; a suspension is lifted
 * once the rule no longer holds the driver (documents renewed or corrected,
 * an override). Reminders go out 30, 14, 7
 * and 1 days before expiry, to the admins and to the driver (their own
 * papers, or those of the vehicle they drive); the business's own documents
 * remind the admins then, and once expired. Safe to run twice at once: a
 * suspension and a reminder are rows with unique keys, so a second run
 * finds them taken.
 */
export async function runComplianceCheck(
  deps: CheckDeps,
  now = new Date(),
  only?: { driverIds: string[] },
): Promise<CheckResult> {
  const { db } = deps;
  const context = await complianceContext(db, now);
  const driverRows = await db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      email: drivers.email,
      status: drivers.status,
      vehicleId: drivers.vehicleId,
    })
    .from(drivers)
    .where(
      and(isNull(drivers.deactivatedAt), only ? inArray(drivers.id, only.driverIds) : undefined),
    );
  const driverIds = driverRows.map((driver) => driver.id);
  const vehicleIds = [
    ...new Set(driverRows.flatMap((driver) => (driver.vehicleId ? [driver.vehicleId] : []))),
  ];
  const vehicleRows = vehicleIds.length
    ? await db
        .select({ id: vehicles.id, registration: vehicles.registration })
        .from(vehicles)
        .where(inArray(vehicles.id, vehicleIds))
    : [];
  const vehicleOf = new Map(vehicleRows.map((vehicle) => [vehicle.id, vehicle]));
  const assessed = await assessDrivers(
    db,
    driverRows.map((driver) => ({
      id: driver.id,
      vehicle: (driver.vehicleId && vehicleOf.get(driver.vehicleId)) || null,
    })),
    context,
  );
  const open = driverIds.length
    ? await db
        .select({ driverId: complianceSuspensions.driverId, id: complianceSuspensions.id })
        .from(complianceSuspensions)
        .where(
          and(
            inArray(complianceSuspensions.driverId, driverIds),
            isNull(complianceSuspensions.liftedAt),
          ),
        )
    : [];
  const suspendedNow = new Map(open.map((row) => [row.driverId, row.id]));
  // Drivers who have ever been on shift: only they are suspended for a rejection (decision 93).
  const hasDriven = new Set(
    driverIds.length
      ? (
          await db
            .selectDistinct({ driverId: driverShifts.driverId })
            .from(driverShifts)
            .where(inArray(driverShifts.driverId, driverIds))
        ).map((row) => row.driverId)
      : [],
  );

  const result: CheckResult = { suspended: 0, lifted: 0, reminders: 0 };
  await keepUpOverrides(deps, assessed, now);
  for (const driver of driverRows) {
    const compliance = assessed.get(driver.id)!;
    const name = `${driver.firstName} ${driver.lastName}`;
    // Every path that makes a document expired or rejected (an upload, an
    // edited expiry, a review, this pass at start and hourly) ends here. A
    // paper that expires under an override granted for another suspends
    // here too, as if there were no override (decision 153).
    const shouldSuspend = suspendsDriver(compliance, hasDriven.has(driver.id));
    if (shouldSuspend && !suspendedNow.has(driver.id)) {
      const reason = suspensionReason(suspendingProblems(compliance));
      const what = compliance.hasRejected ? 'rejected' : 'expired';
      const released = await suspendDriver(deps, driver.id, reason, now);
      if (released === null) continue;
      result.suspended += 1;
      await deps.notifyAdmins('driverSuspended', {
        subject: `${name} is suspended: documents ${what}`,
        text: `${name} was suspended automatically. ${reason}.\n${suspensionJobsText(
          released.length,
          await ridesOnBoard(deps.db, driver.id),
        )}\nUpload and verify new documents on their profile to lift it.`,
      });
      if (driver.email) {
        await deps.mailer.send({
          to: driver.email,
          subject:
            what === 'rejected'
              ? 'You are suspended: a document was rejected'
              : 'You are suspended: a document has expired',
          text: `${reason}. You cannot start a shift or take jobs until a new document is uploaded and verified.`,
        });
      }
    } else if (!shouldSuspend && suspendedNow.has(driver.id)) {
      await db.transaction(async (tx) => {
        await tx
          .update(complianceSuspensions)
          .set({ liftedAt: now })
          .where(eq(complianceSuspensions.id, suspendedNow.get(driver.id)!));
        await tx
          .update(drivers)
          .set({ status: 'offline', updatedAt: now })
          .where(and(eq(drivers.id, driver.id), eq(drivers.status, 'suspended')));
      });
      result.lifted += 1;
      await deps.bus.publishDriver({ id: driver.id });
    }
  }
  if (!only) result.reminders = await sendReminders(deps, context.today);
  return result;
}

/**
 * Overrides in force follow the papers they were granted for (decision 153):
 * one whose papers no longer have expired (renewed and verified, replaced,
 * the driver out of that vehicle) ends, so the same paper expiring again
 * suspends; one granted before the papers were recorded records the expired
 * papers it covers now. Both writes are the same from a second instance.
 */
async function keepUpOverrides(
  deps: CheckDeps,
  assessed: Map<string, Compliance>,
  now: Date,
): Promise<void> {
  const overrides = await overridesInForce(deps.db, [...assessed.keys()], now);
  for (const [driverId, list] of overrides) {
    for (const override of list) {
      const upkeep = overrideUpkeep(override, assessed.get(driverId)!, now);
      if (upkeep.action === 'keep') continue;
      await deps.db
        .update(complianceOverrides)
        .set(upkeep.action === 'end' ? { endedAt: now } : { covers: upkeep.covers })
        .where(and(eq(complianceOverrides.id, override.id), isNull(complianceOverrides.endedAt)));
      deps.log.info(
        { driverId, overrideId: override.id, ...upkeep },
        upkeep.action === 'end'
          ? 'Compliance override ended: nothing it covers has expired any more'
          : 'Compliance override: the expired documents it covers recorded',
      );
    }
  }
}

/**
 * Opens the suspension and suspends (setDriverStatus: the shift ended, every
 * job without a passenger aboard handed back); returns those jobs, or null
 * when another run got there first.
 */
async function suspendDriver(
  deps: CheckDeps,
  driverId: string,
  reason: string,
  now: Date,
): Promise<string[] | null> {
  const released = await deps.db.transaction(async (tx) => {
    const [opened] = await tx
      .insert(complianceSuspensions)
      .values({ driverId, reason, startedAt: now })
      .onConflictDoNothing()
      .returning({ id: complianceSuspensions.id });
    if (!opened) return null;
    return (await setDriverStatus(tx, driverId, 'suspended', now, null, reason)) ?? [];
  });
  if (released === null) return null;
  await deps.bus.publishDriver({ id: driverId });
  for (const id of released) {
    const booking = await loadBooking(deps.db, id);
    // No person did it: the driver's app says so (not 'by dispatch'), with the reason.
    if (booking) await deps.bus.publishBooking('booking.updated', booking, [driverId], 'system');
  }
  return released;
}

/**
 * Tells the drivers a rejected document concerns (its driver, or those whose
 * current vehicle it belongs to) what was rejected and the admin's reason
 * (decision 93). It is how a new driver learns their upload was refused: a
 * rejection suspends, with its own mail, only a driver who has driven.
 */
export async function mailRejection(
  deps: Pick<CheckDeps, 'db' | 'mailer'>,
  document: { driverId: string | null; vehicleId: string | null; typeLabel: string },
  reason: string,
): Promise<void> {
  const owner = document.driverId
    ? eq(drivers.id, document.driverId)
    : eq(drivers.vehicleId, document.vehicleId!);
  const recipients = await deps.db
    .select({ email: drivers.email })
    .from(drivers)
    .where(and(owner, isNull(drivers.deactivatedAt), isNotNull(drivers.email)));
  let subject = `Your ${document.typeLabel} was rejected`;
  if (!document.driverId) {
    const [vehicle] = await deps.db
      .select({ registration: vehicles.registration })
      .from(vehicles)
      .where(eq(vehicles.id, document.vehicleId!));
    subject = `Your vehicle ${vehicle?.registration ?? ''}: ${document.typeLabel} was rejected`;
  }
  for (const { email } of recipients) {
    await deps.mailer.send({
      to: email!,
      subject,
      text: `The office rejected it: ${reason}\nUpload a new one in the driver app (Documents). Until it is verified you cannot start a shift.`,
    });
  }
}

/**
 * Tells the admins a driver uploaded one of their own documents (the driver
 * app's Documents): it waits for verification, and until then the driver
 * cannot work, so it is always sent. Where it is verified: their documents.
 */
export async function mailUploadToVerify(
  deps: Pick<CheckDeps, 'notifyAdmins'>,
  driver: { firstName: string; lastName: string },
  document: { typeLabel: string; expiresOn: string | null },
): Promise<void> {
  const name = `${driver.firstName} ${driver.lastName}`;
  const expiry = document.expiresOn ? ` (expires on ${formatDate(document.expiresOn)})` : '';
  await deps.notifyAdmins('documentAwaitingVerification', {
    subject: `${name} uploaded a ${document.typeLabel} to verify`,
    text: `${name} uploaded a new ${document.typeLabel}${expiry} in the driver app. They cannot start a shift or take jobs until it is verified.\nCheck it against the original and verify it (or reject it with a reason) on their profile: Drivers, ${name}, Documents.`,
  });
}
