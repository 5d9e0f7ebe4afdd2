import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  acceptanceRate,
  ALERT_TARGETS,
  ALERTS_PER_KIND,
  completionRate,
  onTimeRate,
  type BusinessPeriods,
  type DashboardAlert,
  type DriverProfile,
  type DriverSummary,
} from '../../../domain/admin';
import { IN_PROGRESS_STATUSES } from '../../../domain/bookings';
import { STALE_POSITION_MS, type DriverStatus } from '../../../domain/drivers';
import {
  addDays,
  DEFAULT_DOCUMENT_REQUIREMENTS,
  documentTypeLabel,
  EXPIRY_WARNING_DAYS,
} from '../../../domain/documents';
import { periodWindows } from '../../../domain/drivers/history';
import { dayInZone } from '../../../domain/bookings/wall-time';
import {
  dollarsToCents,
  formatDate,
  formatDateTime,
  formatTimeOfDay,
} from '../../../domain/format';
import { isVehicleType } from '../../../domain/vehicles';
import type { Executor } from '../../db/database';
import { driverTakings } from '../../lib/driver-earnings';
import {
  bookingEvents,
  bookings,
  complianceSuspensions,
  drivers,
  fleetDocuments,
  userProfiles,
  users,
  vehicles,
} from '../../db/schema';

const HOUR_MS = 60 * 60 * 1000;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const cents = (amount: unknown) => dollarsToCents(String(amount ?? '0'));
const fullName = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

export type DashboardStats = {
  activeDrivers: { value: number; yesterday: number };
  todaysBookings: { value: number; yesterday: number };
  revenueCents: { value: number; yesterday: number };
};

/**
 * The stat cards, each with the figure it had at this time yesterday.
 *
 * - Active Drivers: drivers whose status is 'active' now. Driver status has no
 *   history, so for yesterday we count the distinct drivers who had a job in
 *   progress or completed with a pickup within an hour either side of this
 *   time yesterday: the drivers who were evidently working then.
 * - Today's Bookings: bookings with a pickup today that are not cancelled.
 *   Yesterday's figure is what the card would have shown at this time
 *   yesterday: bookings with a pickup yesterday that existed by then (and are
 *   not cancelled).
 * - Revenue: fares of completed bookings with a pickup today, against those
 *   with a pickup yesterday before this time of day.
 */
export async function loadDashboardStats(
  db: Executor,
  periods: BusinessPeriods,
): Promise<DashboardStats> {
  const { startOfToday, startOfTomorrow, startOfYesterday, sameTimeYesterday } = periods;
  const windowStart = new Date(sameTimeYesterday.getTime() - HOUR_MS);
  const windowEnd = new Date(sameTimeYesterday.getTime() + HOUR_MS);
  const working = [...IN_PROGRESS_STATUSES, 'completed'];

  const isToday = sql`${bookings.pickupTime} >= ${at(startOfToday)} and ${bookings.pickupTime} < ${at(startOfTomorrow)}`;
  const [row] = await db
    .select({
      todayBookings: sql<number>`count(*) filter (where ${isToday} and ${bookings.status} <> 'cancelled')`,
      yesterdayBookings: sql<number>`count(*) filter (
        where ${bookings.pickupTime} >= ${at(startOfYesterday)} and ${bookings.pickupTime} < ${at(startOfToday)}
          and ${bookings.createdAt} <= ${at(sameTimeYesterday)} and ${bookings.status} <> 'cancelled')`,
      todayRevenue: sql<string>`coalesce(sum(${bookings.fareAmount}) filter (
        where ${isToday} and ${bookings.status} = 'completed'), 0)::text`,
      yesterdayRevenue: sql<string>`coalesce(sum(${bookings.fareAmount}) filter (
        where ${bookings.pickupTime} >= ${at(startOfYesterday)} and ${bookings.pickupTime} < ${at(sameTimeYesterday)}
          and ${bookings.status} = 'completed'), 0)::text`,
      yesterdayDrivers: sql<number>`count(distinct ${bookings.driverId}) filter (
        where ${bookings.pickupTime} between ${at(windowStart)} and ${at(windowEnd)}
          and ${bookings.status} in (${sql.join(
            working.map((status) => sql`${status}`),
            sql`, `,
          )}))`,
      activeDrivers: sql<number>`(select count(*) from ${drivers} where ${drivers.status} = 'active')`,
    })
    .from(bookings)
    .where(
      and(
        sql`${bookings.pickupTime} >= ${at(startOfYesterday < windowStart ? startOfYesterday : windowStart)}`,
        sql`${bookings.pickupTime} < ${at(startOfTomorrow)}`,
      ),
    );
  return {
    activeDrivers: { value: Number(row?.activeDrivers), yesterday: Number(row?.yesterdayDrivers) },
    todaysBookings: {
      value: Number(row?.todayBookings),
      yesterday: Number(row?.yesterdayBookings),
    },
    revenueCents: { value: cents(row?.todayRevenue), yesterday: cents(row?.yesterdayRevenue) },
  };
}

export type AlertBatch = { total: number; alerts: DashboardAlert[] };
type AlertContext = {
  now: Date;
  timeZone: string;
  /**
   * The viewer's role opens Dispatch, where a booking is acted on: its alerts
   * lead there. Without it, to the booking read on the dashboard.
   */
  opensDispatch?: boolean;
};
type AlertSource = (db: Executor, context: AlertContext) => Promise<AlertBatch>;

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

const suspendedDrivers: AlertSource = async (db) => {
  const rows = await db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      // Suspended by the document rule: the driver's documents are where it is lifted.
      suspensionId: complianceSuspensions.id,
      total: sql<number>`count(*) over ()`,
    })
    .from(drivers)
    // At most one open suspension per driver (compliance_suspensions_open_idx).
    .leftJoin(
      complianceSuspensions,
      and(eq(complianceSuspensions.driverId, drivers.id), isNull(complianceSuspensions.liftedAt)),
    )
    .where(eq(drivers.status, 'suspended'))
    .orderBy(asc(drivers.firstName), asc(drivers.lastName))
    .limit(ALERTS_PER_KIND);
  return {
    total: Number(rows[0]?.total ?? 0),
    alerts: rows.map((row) => ({
      kind: 'driver-suspended' as const,
      message: `${fullName(row)} is suspended.`,
      href: row.suspensionId
        ? ALERT_TARGETS.driverDocuments(row.id)
        : ALERT_TARGETS.driverProfile(row.id),
      driverId: row.id,
    })),
  };
};

const stalePositions: AlertSource = async (db, { now }) => {
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
    .orderBy(sql`${drivers.locationUpdatedAt} asc nulls first`)
    .limit(ALERTS_PER_KIND);
  return {
    total: Number(rows[0]?.total ?? 0),
    alerts: rows.map((row) => {
      const minutes = row.locationUpdatedAt
        ? Math.floor((now.getTime() - row.locationUpdatedAt.getTime()) / 60_000)
        : null;
      return {
        kind: 'stale-position' as const,
        message:
          minutes === null
            ? `${fullName(row)} is on shift but has not shared a position.`
            : `${fullName(row)} is on shift; last position ${minutes} min ago.`,
        // The profile has their phone.
        href: ALERT_TARGETS.driverProfile(row.id),
        driverId: row.id,
      };
    }),
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

/** Current driver and vehicle documents expiring within 30 days (spec section 9), soonest first. */
const expiringDocuments: AlertSource = async (db, { now, timeZone }) => {
  const today = dayInZone(now, timeZone);
  const rows = await db
    .select({
      type: fleetDocuments.type,
      // Never null here: the condition below asks for a date in the next 30 days.
      expiresOn: sql<string>`${fleetDocuments.expiresOn}`,
      driverId: fleetDocuments.driverId,
      vehicleId: fleetDocuments.vehicleId,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      registration: vehicles.registration,
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
      const subject = row.driverId ? 'driver' : 'vehicle';
      const owner = row.driverId
        ? fullName({ firstName: row.firstName ?? '', lastName: row.lastName ?? '' })
        : `Vehicle ${row.registration}`;
      return {
        kind: 'document-expiring' as const,
        message: `${owner}: ${documentTypeLabel(DEFAULT_DOCUMENT_REQUIREMENTS, subject, row.type)} expires on ${formatDate(row.expiresOn)}.`,
        ...(row.driverId
          ? { href: ALERT_TARGETS.driverDocuments(row.driverId), driverId: row.driverId }
          : { href: ALERT_TARGETS.vehicleDocuments(row.vehicleId!), vehicleId: row.vehicleId! }),
      };
    }),
  };
};

/** What needs attention, most urgent first. */
const ALERT_SOURCES: AlertSource[] = [
  pendingBookingAlerts('unassigned-soon'),
  pendingBookingAlerts('overdue-pending'),
  suspendedDrivers,
  stalePositions,
  awaitingRole,
  expiringDocuments,
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

export async function listDriverSummaries(db: Executor): Promise<DriverSummary[]> {
  const rows = await db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      status: drivers.status,
    })
    .from(drivers)
    .orderBy(asc(drivers.firstName), asc(drivers.lastName));
  return rows.map((row) => ({
    id: row.id,
    name: fullName(row),
    status: row.status as DriverStatus,
  }));
}

/** Spec 2.8 on live data; null when there is no such driver. */
export async function loadDriverProfile(
  db: Executor,
  driverId: string,
  periods: BusinessPeriods,
): Promise<DriverProfile | null> {
  const [driver] = await db
    .select({
      id: drivers.id,
      userId: drivers.userId,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      email: drivers.email,
      phone: drivers.phone,
      status: drivers.status,
      rating: drivers.rating,
      preferredArea: drivers.preferredArea,
      createdAt: drivers.createdAt,
      vehicleType: vehicles.type,
      vehicleMake: vehicles.make,
      vehicleModel: vehicles.model,
      vehicleRegistration: vehicles.registration,
    })
    .from(drivers)
    .leftJoin(vehicles, eq(vehicles.id, drivers.vehicleId))
    .where(eq(drivers.id, driverId));
  if (!driver) return null;

  const [totals] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${bookings.status} = 'completed')`,
      noShow: sql<number>`count(*) filter (where ${bookings.status} = 'no-show')`,
      cancelled: sql<number>`count(*) filter (where ${bookings.status} = 'cancelled')`,
    })
    .from(bookings)
    .where(eq(bookings.driverId, driverId));
  // The driver's own screens show the same figures (driverTakings, one rule).
  const earnings = await driverTakings(db, driverId, periodWindows(periods));

  const arrivals = await db
    .select({
      pickupTime: bookings.pickupTime,
      arrivedAt: sql<
        string | Date | null
      >`min(${bookingEvents.occurredAt}) filter (where ${bookingEvents.toStatus} = 'arrived')`,
    })
    .from(bookings)
    .leftJoin(bookingEvents, eq(bookingEvents.bookingId, bookings.id))
    .where(and(eq(bookings.driverId, driverId), eq(bookings.status, 'completed')))
    .groupBy(bookings.id);

  const assignmentEvents = await db
    .select({
      bookingId: bookingEvents.bookingId,
      type: bookingEvents.type,
      toStatus: bookingEvents.toStatus,
      actorUserId: bookingEvents.actorUserId,
      driverId: sql<string | null>`${bookingEvents.changes} ->> 'driverId'`,
      occurredAt: bookingEvents.occurredAt,
    })
    .from(bookingEvents)
    .where(
      sql`${bookingEvents.bookingId} in (
        select booking_id from booking_events
        where type = 'assigned' and changes ->> 'driverId' = ${driverId}
      )`,
    );

  const recent = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      pickupTime: bookings.pickupTime,
      pickupLocation: bookings.pickupLocation,
      dropoffLocation: bookings.dropoffLocation,
      passengerName: bookings.passengerName,
      fareAmount: bookings.fareAmount,
    })
    .from(bookings)
    .where(and(eq(bookings.driverId, driverId), eq(bookings.status, 'completed')))
    .orderBy(desc(bookings.pickupTime))
    .limit(5);

  const rating = driver.rating === null ? null : Number(driver.rating);
  const vehicleType = driver.vehicleType;
  return {
    id: driver.id,
    name: fullName(driver),
    email: driver.email,
    phone: driver.phone,
    status: driver.status as DriverStatus,
    rating,
    totalTrips: Number(totals?.completed ?? 0),
    joinDate: driver.createdAt.toISOString(),
    preferredArea: driver.preferredArea,
    currentVehicle:
      vehicleType && isVehicleType(vehicleType)
        ? {
            type: vehicleType,
            make: driver.vehicleMake ?? '',
            model: driver.vehicleModel ?? '',
            registration: driver.vehicleRegistration ?? '',
          }
        : null,
    earningsCents: {
      today: earnings.today.earningsCents,
      week: earnings.week.earningsCents,
      month: earnings.month.earningsCents,
    },
    metrics: {
      acceptanceRate: acceptanceRate(
        assignmentEvents.map((event) => ({ ...event, occurredAt: new Date(event.occurredAt) })),
        driver.id,
        driver.userId,
      ),
      // A cancelled booking that still names the driver was cancelled while they held it.
      completionRate: completionRate({
        completed: Number(totals?.completed ?? 0),
        noShow: Number(totals?.noShow ?? 0),
        cancelledAfterAssignment: Number(totals?.cancelled ?? 0),
      }),
      onTimeRate: onTimeRate(
        arrivals.map((job) => ({
          pickupTime: job.pickupTime,
          arrivedAt: job.arrivedAt === null ? null : new Date(job.arrivedAt),
        })),
      ),
      customerSatisfaction: rating,
    },
    recentTrips: recent.map((trip) => ({
      id: trip.id,
      reference: trip.reference,
      pickupTime: trip.pickupTime.toISOString(),
      pickupLocation: trip.pickupLocation,
      dropoffLocation: trip.dropoffLocation,
      passengerName: trip.passengerName,
      fareCents: cents(trip.fareAmount),
    })),
  };
}
