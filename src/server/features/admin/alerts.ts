import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ALERT_TARGETS, ALERTS_PER_KIND, type DashboardAlert } from '../../../domain/admin';
import { finishingRideText } from '../../../domain/bookings/suspended-driver';
import { STALE_POSITION_MS } from '../../../domain/drivers';
import { suspendingProblems } from '../../../domain/documents';
import { formatDateTime, formatTimeOfDay } from '../../../domain/format';
import type { Executor } from '../../db/database';
import {
  bookings,
  complianceSuspensions,
  drivers,
  userProfiles,
  users,
  vehicles,
} from '../../db/schema';
// A suspension's reason is the compliance rule's, assessed as the pass assesses it.
import { assessDrivers, complianceContext } from '../documents/compliance-repository';
import { at, fullName, HOUR_MS } from './admin-repository';
import {
  expiringBusinessDocumentAlerts,
  expiringDocuments,
  undatedDocuments,
  unverifiedDocuments,
} from './document-alerts';
import { mailUnsentAlerts } from './mail-alerts';

// The Alerts card of the admin dashboard: what needs attention, each kind
// from one query, each alert leading where it is dealt with (decision 150).

export type AlertBatch = { total: number; alerts: DashboardAlert[] };
export type AlertContext = {
  now: Date;
  timeZone: string;
  /**
   * The viewer's role opens Dispatch, where a booking is acted on: its alerts
   * lead there. Without it, to the booking read on the dashboard.
   */
  opensDispatch?: boolean;
};
export type AlertSource = (db: Executor, context: AlertContext) => Promise<AlertBatch>;

function pendingBookingAlerts(kind: 'unassigned-soon' | 'overdue-pending'): AlertSource {
  return async (db, { now, timeZone, opensDispatch }) => {
    const due =
      kind === 'unassigned-soon'
        ? and(
            sql`${bookings.pickupTime} >= ${at(now)}`,
            sql`${bookings.pickupTime} <= ${at(new Date(now.getTime() + HOUR_MS))}`,
          )
        : sql`${bookings.pickupTime} < ${at(now)}`;
    const rows = await db
      .select({
        id: bookings.id,
        reference: bookings.reference,
        passengerName: bookings.passengerName,
        pickupTime: bookings.pickupTime,
        total: sql<number>`count(*) over ()`,
      })
      .from(bookings)
      .where(and(eq(bookings.status, 'pending'), due))
      .orderBy(kind === 'unassigned-soon' ? asc(bookings.pickupTime) : desc(bookings.pickupTime))
      .limit(ALERTS_PER_KIND);
    return {
      total: Number(rows[0]?.total ?? 0),
      alerts: rows.map((row) => {
        const who = row.passengerName ? ` for ${row.passengerName}` : '';
        return {
          kind,
          message:
            kind === 'unassigned-soon'
              ? `Booking ${row.reference}${who} at ${formatTimeOfDay(row.pickupTime, timeZone)} has no driver yet.`
              : `Booking ${row.reference}${who} was due at ${formatDateTime(row.pickupTime, timeZone)} and is still pending.`,
          href: opensDispatch
            ? ALERT_TARGETS.bookingInDispatch(row.id)
            : ALERT_TARGETS.bookingOnDashboard(row.id),
          bookingId: row.id,
        };
      }),
    };
  };
}

/**
 * Drivers suspended, and why: for a suspension by the document rule, the
 * problems the compliance assessment suspends for (`suspendingProblems`, the
 * rule the pass suspended by), leading to their documents where it is lifted.
 */
const suspendedDrivers: AlertSource = async (db, { now }) => {
  const rows = await db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      vehicleId: vehicles.id,
      registration: vehicles.registration,
      // Suspended by the document rule: the driver's documents are where it is lifted.
      suspensionId: complianceSuspensions.id,
      total: sql<number>`count(*) over ()`,
    })
    .from(drivers)
    .leftJoin(vehicles, eq(vehicles.id, drivers.vehicleId))
    // At most one open suspension per driver (compliance_suspensions_open_idx).
    .leftJoin(
      complianceSuspensions,
      and(eq(complianceSuspensions.driverId, drivers.id), isNull(complianceSuspensions.liftedAt)),
    )
    .where(eq(drivers.status, 'suspended'))
    .orderBy(asc(drivers.firstName), asc(drivers.lastName))
    .limit(ALERTS_PER_KIND);
  const assessed = await assessDrivers(
    db,
    rows
      .filter((row) => row.suspensionId)
      .map((row) => ({
        id: row.id,
        vehicle:
          row.vehicleId && row.registration
            ? { id: row.vehicleId, registration: row.registration }
            : null,
      })),
    await complianceContext(db, now),
  );
  // A suspended driver finishes the rides on board (RETURNED_ON_SUSPENSION): the alert names them.
  const onBoard = rows.length
    ? await db
        .select({ driverId: bookings.driverId, reference: bookings.reference })
        .from(bookings)
        .where(
          and(
            inArray(
              bookings.driverId,
              rows.map((row) => row.id),
            ),
            eq(bookings.status, 'on-board'),
          ),
        )
        .orderBy(asc(bookings.pickupTime))
    : [];
  return {
    total: Number(rows[0]?.total ?? 0),
    alerts: rows.map((row) => {
      const compliance = assessed.get(row.id);
      const why = compliance
        ? suspendingProblems(compliance).map((problem) => problem.message)
        : [];
      const rides = onBoard.filter((ride) => ride.driverId === row.id);
      const finishing = rides.length
        ? ` ${finishingRideText(rides.map((ride) => ride.reference))}`
        : '';
      return {
        kind: 'driver-suspended' as const,
        message: `${
          why.length
            ? `${fullName(row)} is suspended: ${why.join('; ')}.`
            : `${fullName(row)} is suspended.`
        }${finishing}`,
        href: row.suspensionId
          ? ALERT_TARGETS.driverDocuments(row.id)
          : ALERT_TARGETS.driverProfile(row.id),
        driverId: row.id,
      };
    }),
  };
};

/** "A", "A and B", "A, B and C", "A, B, C and 4 more": at most three names. */
function someNames(names: readonly string[], total: number): string {
  const shown = names.slice(0, 3);
  const rest = total - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/**
 * Drivers on shift with no position for longer than STALE_POSITION_MS. One
 * is today's sentence, leading to their profile (it has their phone). More
 * are one alert that counts once and names three, the longest unheard
 * first: with no simulation every demo driver on shift was an alert of
 * their own, and they buried the documents and bookings. It leads to the
 * board, whose map lists them, for a viewer who opens Dispatch, and
 * carries each driver's own sentence and profile as its items.
 */
const stalePositions: AlertSource = async (db, { now, opensDispatch }) => {
  const staleBefore = new Date(now.getTime() - STALE_POSITION_MS);
  const rows = await db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      locationUpdatedAt: drivers.locationUpdatedAt,
      total: sql<number>`count(*) over ()`,
    })
    .from(drivers)
    .where(
      and(
        eq(drivers.status, 'active'),
        sql`(${drivers.locationUpdatedAt} is null or ${drivers.locationUpdatedAt} < ${at(staleBefore)})`,
      ),
    )
    .orderBy(
      sql`${drivers.locationUpdatedAt} asc nulls first`,
      asc(drivers.firstName),
      asc(drivers.lastName),
    )
    .limit(ALERTS_PER_KIND);
  const total = Number(rows[0]?.total ?? 0);
  const items = rows.map((row) => {
    const minutes = row.locationUpdatedAt
      ? Math.floor((now.getTime() - row.locationUpdatedAt.getTime()) / 60_000)
      : null;
    return {
      message:
        minutes === null
          ? `${fullName(row)} is on shift but has not shared a position.`
          : `${fullName(row)} is on shift; last position ${minutes} min ago.`,
      // The profile has their phone.
      href: ALERT_TARGETS.driverProfile(row.id),
      driverId: row.id,
    };
  });
  if (total === 0) return { total: 0, alerts: [] };
  if (total === 1) return { total: 1, alerts: [{ kind: 'stale-position', ...items[0]! }] };
  const threshold = Math.round(STALE_POSITION_MS / 60_000);
  return {
    total: 1,
    alerts: [
      {
        kind: 'stale-position',
        message: `${total} drivers on shift have sent no position for more than ${threshold} min: ${someNames(rows.map(fullName), total)}.`,
        ...(opensDispatch ? { href: ALERT_TARGETS.dispatchBoard } : {}),
        items,
      },
    ],
  };
};

/** Enabled accounts with no role: people who signed up and wait for an admin. */
const awaitingRole: AlertSource = async (db) => {
  const rows = await db
    .select({
      name: users.name,
      email: users.email,
      total: sql<number>`count(*) over ()`,
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(sql`${userProfiles.role} is null`, eq(users.disabled, false)))
    .orderBy(asc(users.createdAt))
    .limit(ALERTS_PER_KIND);
  return {
    total: Number(rows[0]?.total ?? 0),
    alerts: rows.map((row) => ({
      kind: 'awaiting-role' as const,
      message: `${row.name} (${row.email}) signed up and is waiting for a role.`,
      href: ALERT_TARGETS.usersAndRoles,
    })),
  };
};

/**
 * What needs attention, most urgent first: bookings, suspensions and
 * documents, which an admin acts on, then sign-ups waiting for a role; the
 * drivers with no recent position last, as a phone out of signal or an app
 * closed mends itself more often than not.
 */
const ALERT_SOURCES: AlertSource[] = [
  pendingBookingAlerts('unassigned-soon'),
  pendingBookingAlerts('overdue-pending'),
  suspendedDrivers,
  unverifiedDocuments,
  expiringDocuments,
  undatedDocuments,
  expiringBusinessDocumentAlerts,
  awaitingRole,
  mailUnsentAlerts,
  stalePositions,
];

export async function loadAlerts(db: Executor, context: AlertContext): Promise<AlertBatch> {
  const batches: AlertBatch[] = [];
  // One at a time: PGlite serialises queries anyway, and a pool stays free for others.
  for (const source of ALERT_SOURCES) batches.push(await source(db, context));
  return {
    total: batches.reduce((sum, batch) => sum + batch.total, 0),
    alerts: batches.flatMap((batch) => batch.alerts),
  };
}
