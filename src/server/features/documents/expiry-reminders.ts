import { and, eq, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import {
  addDays,
  daysBetween,
  documentTypeLabel,
  EXPIRED_REMINDER_THRESHOLD,
  EXPIRY_WARNING_DAYS,
  reminderThreshold,
} from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import { documentReminders, drivers, fleetDocuments, vehicles } from '../../db/schema';
import { businessVersionsExpiringBy } from './business-documents-repository';
import type { CheckDeps } from './compliance-check';
import { complianceContext } from './compliance-repository';
import {
  businessDocumentReminderText,
  driverReminderText,
  driversOwnReminderText,
  vehicleReminderText,
  whenText,
} from './reminder-texts';

// The compliance pass's expiry reminders (30, 14, 7 and 1 days ahead; a
// business document once more when expired), each sent once.

/**
 * A reminder due now: the document (a driver's or vehicle's paper, or a
 * version of a business document) and threshold it is claimed by, and the
 * mails it sends once claimed.
 */
type DueReminder = { documentId: string; threshold: number; send: () => Promise<void> };

/**
 * Each due reminder once: the `document_reminders` row (document, threshold)
 * is claimed before the mails go, so a second pass, a restart or a second
 * instance finds it taken.
 */
export async function sendReminders(deps: CheckDeps, today: string): Promise<number> {
  const due = [
    ...(await fleetReminders(deps, today)),
    ...(await businessDocumentReminders(deps, today)),
  ];
  let sent = 0;
  for (const reminder of due) {
    const [claimed] = await deps.db
      .insert(documentReminders)
      .values({ documentId: reminder.documentId, thresholdDays: reminder.threshold })
      .onConflictDoNothing()
      .returning({ documentId: documentReminders.documentId });
    if (!claimed) continue;
    sent += 1;
    await reminder.send();
  }
  return sent;
}

/**
 * The current driver and vehicle documents expiring within 30 days: to the
 * admins, the driver, and the drivers of the vehicle.
 */
async function fleetReminders(deps: CheckDeps, today: string): Promise<DueReminder[]> {
  const { db } = deps;
  const rows = await db
    .select({
      id: fleetDocuments.id,
      type: fleetDocuments.type,
      expiresOn: fleetDocuments.expiresOn,
      driverId: fleetDocuments.driverId,
      vehicleId: fleetDocuments.vehicleId,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      email: drivers.email,
      hasAccount: isNotNull(drivers.userId),
      isSuspended: eq(drivers.status, 'suspended'),
      registration: vehicles.registration,
    })
    .from(fleetDocuments)
    .leftJoin(drivers, eq(drivers.id, fleetDocuments.driverId))
    .leftJoin(vehicles, eq(vehicles.id, fleetDocuments.vehicleId))
    .where(
      and(
        // A driver who left is told nothing, and the admins not of their papers.
        or(isNull(fleetDocuments.driverId), isNull(drivers.deactivatedAt)),
        isNull(fleetDocuments.replacedAt),
        isNull(fleetDocuments.rejectedAt),
        isNotNull(fleetDocuments.expiresOn),
        gte(fleetDocuments.expiresOn, today),
        lte(fleetDocuments.expiresOn, addDays(today, EXPIRY_WARNING_DAYS)),
      ),
    );
  const { requirements } = await complianceContext(db);
  // A vehicle's papers concern whoever drives it now: they hear of its reminders too.
  const vehicleIds = [...new Set(rows.flatMap((row) => (row.vehicleId ? [row.vehicleId] : [])))];
  const vehicleDrivers = vehicleIds.length
    ? await db
        .select({
          vehicleId: drivers.vehicleId,
          email: drivers.email,
          firstName: drivers.firstName,
          lastName: drivers.lastName,
        })
        .from(drivers)
        .where(and(inArray(drivers.vehicleId, vehicleIds), isNull(drivers.deactivatedAt)))
        .orderBy(drivers.firstName, drivers.lastName)
    : [];
  return rows.flatMap((row): DueReminder[] => {
    const daysLeft = daysBetween(today, row.expiresOn!);
    const threshold = reminderThreshold(daysLeft);
    if (threshold === null) return [];
    const send = async () => {
      const subject = row.driverId ? 'driver' : 'vehicle';
      const label = documentTypeLabel(requirements, subject, row.type);
      const owner = row.driverId
        ? `${row.firstName} ${row.lastName}`
        : `Vehicle ${row.registration}`;
      const when = whenText(daysLeft);
      const expiresOn = formatDate(row.expiresOn!);
      const itsDrivers = vehicleDrivers.filter((each) => each.vehicleId === row.vehicleId);
      const isSuspended = row.isSuspended === true;
      await deps.notifyAdmins('documentExpiring', {
        subject: `${owner}: ${label} expires ${when}`,
        text: row.driverId
          ? driverReminderText({ owner, label, expiresOn, when, isSuspended })
          : vehicleReminderText({
              registration: row.registration!,
              label,
              expiresOn,
              when,
              drivers: itsDrivers.map((driver) => `${driver.firstName} ${driver.lastName}`),
            }),
      });
      if (row.email) {
        await deps.mailer.send({
          to: row.email,
          subject: `Your ${label} expires ${when}`,
          text: driversOwnReminderText({
            label,
            expiresOn,
            isSuspended,
            hasAccount: row.hasAccount === true,
          }),
        });
      }
      for (const driver of itsDrivers.filter((each) => each.email !== null)) {
        await deps.mailer.send({
          to: driver.email!,
          subject: `Your vehicle ${row.registration}: ${label} expires ${when}`,
          text: `The ${label} of ${row.registration}, the vehicle you drive, expires on ${expiresOn}. Tell the office if the renewal is not under way: without it you cannot drive this vehicle.`,
        });
      }
    };
    return [{ documentId: row.id, threshold, send }];
  });
}

/**
 * The business's own active documents (the Document Manager's) whose latest
 * version expires within 30 days or has expired: to the admins only, and
 * once more when expired, since nothing else tells them (no one is
 * suspended). Claimed per version, so a renewal starts over.
 */
async function businessDocumentReminders(deps: CheckDeps, today: string): Promise<DueReminder[]> {
  const rows = await businessVersionsExpiringBy(deps.db, addDays(today, EXPIRY_WARNING_DAYS));
  return rows.flatMap((row): DueReminder[] => {
    const daysLeft = daysBetween(today, row.expiresOn);
    const threshold = reminderThreshold(daysLeft, { onceExpired: true });
    if (threshold === null) return [];
    const isExpired = threshold === EXPIRED_REMINDER_THRESHOLD;
    const when = isExpired ? null : whenText(daysLeft);
    const send = () =>
      deps.notifyAdmins('documentExpiring', {
        subject: `Business document: ${row.name} ${when === null ? 'has expired' : `expires ${when}`}`,
        text: businessDocumentReminderText({
          label: row.name,
          category: row.category,
          expiresOn: formatDate(row.expiresOn),
          when,
        }),
      });
    return [{ documentId: row.versionId, threshold, send }];
  });
}
