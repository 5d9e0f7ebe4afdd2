import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  acceptanceRate,
  completionRate,
  onTimeRate,
  type BusinessPeriods,
  type DriverProfile,
  type DriverSummary,
} from '../../../domain/admin';
import { IN_PROGRESS_STATUSES } from '../../../domain/bookings';
import { type DriverStatus } from '../../../domain/drivers';
import { periodWindows } from '../../../domain/drivers/history';
import { dollarsToCents } from '../../../domain/format';
import type { Executor } from '../../db/database';
import { driverTakings } from '../../lib/driver-earnings';
import { driverVehicleColumns, toDriverVehicles } from '../../lib/driver-vehicles';
import { bookingEvents, bookings, drivers, vehicles } from '../../db/schema';

export const HOUR_MS = 60 * 60 * 1000;

/** A time as a timestamptz literal of a query. */
export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const cents = (amount: unknown) => dollarsToCents(String(amount ?? '0'));
export const fullName = (row: { firstName: string; lastName: string }) =>
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
      deactivatedAt: drivers.deactivatedAt,
      ...driverVehicleColumns,
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
    // The open shift's car, not only the one on the record (the roster's rule).
    ...toDriverVehicles(driver),
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
