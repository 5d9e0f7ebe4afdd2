import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ALERT_TARGETS, ALERTS_PER_KIND } from '../../../domain/admin';
import { dayInZone } from '../../../domain/bookings/wall-time';
import {
  addDays,
  ALWAYS_EXPIRING_TYPES,
  DEFAULT_DOCUMENT_REQUIREMENTS,
  documentTypeLabel,
  EXPIRY_WARNING_DAYS,
} from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database';
import { drivers, fleetDocuments, vehicles } from '../../db/schema';
import {
  expiringBusinessDocuments,
  listBusinessDocuments,
} from '../documents/business-documents-repository';
import { fullName } from './admin-repository';
import type { AlertSource } from './alerts';

// The Alerts card's document kinds (decision 150): papers to verify, papers
// without an expiry date, and papers expiring soon, each leading to where the
// paper is dealt with. Split from alerts.ts, which keeps the other kinds.

/** A current document's row as the document alerts read it: whose, which type. */
type PaperRow = {
  type: string;
  driverId: string | null;
  vehicleId: string | null;
  firstName: string | null;
  lastName: string | null;
  registration: string | null;
  uploadedAt: Date;
};

const paperColumns = {
  type: fleetDocuments.type,
  driverId: fleetDocuments.driverId,
  vehicleId: fleetDocuments.vehicleId,
  firstName: drivers.firstName,
  lastName: drivers.lastName,
  registration: vehicles.registration,
  uploadedAt: fleetDocuments.uploadedAt,
};

/** Whose paper it is as people read it, its type's label, and where its alert leads. */
function paperOf(row: PaperRow) {
  const subject = row.driverId ? 'driver' : 'vehicle';
  return {
    owner: row.driverId
      ? fullName({ firstName: row.firstName ?? '', lastName: row.lastName ?? '' })
      : `Vehicle ${row.registration}`,
    label: documentTypeLabel(DEFAULT_DOCUMENT_REQUIREMENTS, subject, row.type),
    target: row.driverId
      ? { href: ALERT_TARGETS.driverDocuments(row.driverId), driverId: row.driverId }
      : { href: ALERT_TARGETS.vehicleDocuments(row.vehicleId!), vehicleId: row.vehicleId! },
  };
}

/**
 * One alert for each current paper (neither replaced nor rejected) of an
 * active driver or of a vehicle that meets `condition`, oldest upload first.
 */
async function paperAlerts(
  db: Executor,
  kind: 'document-unverified' | 'document-undated',
  condition: SQL | undefined,
  message: (paper: { owner: string; label: string; uploadedAt: Date }) => string,
) {
  const rows = await db
    .select({ ...paperColumns, total: sql<number>`count(*) over ()` })
    .from(fleetDocuments)
    .leftJoin(drivers, eq(drivers.id, fleetDocuments.driverId))
    .leftJoin(vehicles, eq(vehicles.id, fleetDocuments.vehicleId))
    .where(
      and(
        isNull(fleetDocuments.replacedAt),
        isNull(fleetDocuments.rejectedAt),
        condition,
        sql`(${fleetDocuments.driverId} is null or ${drivers.deactivatedAt} is null)`,
      ),
    )
    .orderBy(asc(fleetDocuments.uploadedAt))
    .limit(ALERTS_PER_KIND);
  return {
    total: Number(rows[0]?.total ?? 0),
    alerts: rows.map((row) => {
      const { owner, label, target } = paperOf(row);
      return { kind, message: message({ owner, label, uploadedAt: row.uploadedAt }), ...target };
    }),
  };
}

/**
 * Current documents of active drivers, or of vehicles, nobody has verified or
 * rejected yet (a driver's own upload, usually): until an admin verifies one
 * the driver cannot work. Oldest first. An expired one is left to its
 * expiry: it is renewed, not verified.
 */
export const unverifiedDocuments: AlertSource = async (db, { now, timeZone }) => {
  const today = dayInZone(now, timeZone);
  return paperAlerts(
    db,
    'document-unverified',
    and(
      isNull(fleetDocuments.verifiedAt),
      sql`(${fleetDocuments.expiresOn} is null or ${fleetDocuments.expiresOn} >= ${today})`,
    ),
    ({ owner, label, uploadedAt }) =>
      `${owner}'s ${label} is waiting for verification (uploaded ${formatDate(uploadedAt, timeZone)}).`,
  );
};

/**
 * Current papers that always expire (`ALWAYS_EXPIRING_TYPES`) stored without
 * an expiry date before the rule required one: nothing can remind or suspend
 * for them until an admin enters the date printed on them.
 */
export const undatedDocuments: AlertSource = async (db) => {
  const ofSubject = (column: AnyPgColumn, types: readonly string[]) =>
    and(sql`${column} is not null`, inArray(fleetDocuments.type, [...types]));
  return paperAlerts(
    db,
    'document-undated',
    and(
      isNull(fleetDocuments.expiresOn),
      or(
        ofSubject(fleetDocuments.driverId, ALWAYS_EXPIRING_TYPES.driver),
        ofSubject(fleetDocuments.vehicleId, ALWAYS_EXPIRING_TYPES.vehicle),
      ),
    ),
    ({ owner, label }) => `${owner}'s ${label} has no expiry date: enter the date printed on it.`,
  );
};

/** Current driver and vehicle documents expiring within 30 days (spec section 9), soonest first. */
export const expiringDocuments: AlertSource = async (db, { now, timeZone }) => {
  const today = dayInZone(now, timeZone);
  const rows = await db
    .select({
      ...paperColumns,
      // Never null here: the condition below asks for a date in the next 30 days.
      expiresOn: sql<string>`${fleetDocuments.expiresOn}`,
      total: sql<number>`count(*) over ()`,
    })
    .from(fleetDocuments)
    .leftJoin(drivers, eq(drivers.id, fleetDocuments.driverId))
    .leftJoin(vehicles, eq(vehicles.id, fleetDocuments.vehicleId))
    .where(
      and(
        sql`${fleetDocuments.replacedAt} is null and ${fleetDocuments.rejectedAt} is null`,
        sql`${fleetDocuments.expiresOn} between ${today} and ${addDays(today, EXPIRY_WARNING_DAYS)}`,
      ),
    )
    .orderBy(asc(fleetDocuments.expiresOn))
    .limit(ALERTS_PER_KIND);
  return {
    total: Number(rows[0]?.total ?? 0),
    alerts: rows.map((row) => {
      const { owner, label, target } = paperOf(row);
      return {
        kind: 'document-expiring' as const,
        message: `${owner}: ${label} expires on ${formatDate(row.expiresOn)}.`,
        ...target,
      };
    }),
  };
};

/**
 * The business's own documents (the Document Manager's: insurance, policies)
 * expiring within 30 days or expired, soonest first, as its Expiry
 * notifications list them; each leads there, where Renew is.
 */
export const expiringBusinessDocumentAlerts: AlertSource = async (db, { now, timeZone }) => {
  const today = dayInZone(now, timeZone);
  const listed = await listBusinessDocuments(
    db,
    { status: 'active', expiresBy: addDays(today, EXPIRY_WARNING_DAYS) },
    today,
  );
  const expiring = expiringBusinessDocuments(listed, today);
  return {
    total: expiring.length,
    alerts: expiring.slice(0, ALERTS_PER_KIND).map((document) => ({
      kind: 'business-document-expiring' as const,
      message: `${document.name} (${document.category}) ${
        document.expiryStatus === 'expired' ? 'expired' : 'expires'
      } on ${formatDate(document.expiresOn!)}: renew it in the Document Manager.`,
      href: ALERT_TARGETS.documentManager,
    })),
  };
};
