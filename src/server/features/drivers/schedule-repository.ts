import { and, asc, eq, gte, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { addCalendarDays, startOfBusinessDate } from '../../../domain/bookings/wall-time';
import {
  driverRecordStatus,
  leaveCovering,
  leaveCoversPickup,
  type DriverStatus,
  type Leave,
  type LeaveClash,
  type LeaveInput,
  type ScheduleResponse,
} from '../../../domain/drivers';
import type { Executor } from '../../db/database';
import { bookings, driverLeaves, drivers, driverShifts, vehicles } from '../../db/schema';
import { assessDrivers, complianceContext } from '../documents/compliance-repository';

function toLeave(row: typeof driverLeaves.$inferSelect): Leave {
  return {
    id: row.id,
    driverId: row.driverId,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listLeave(db: Executor, driverId: string): Promise<Leave[]> {
  const rows = await db
    .select()
    .from(driverLeaves)
    .where(eq(driverLeaves.driverId, driverId))
    .orderBy(asc(driverLeaves.startsOn));
  return rows.map(toLeave);
}

export async function addLeave(
  db: Executor,
  driverId: string,
  leave: LeaveInput,
  createdBy: string | null,
): Promise<Leave> {
  const [row] = await db
    .insert(driverLeaves)
    .values({ driverId, ...leave, createdBy })
    .returning();
  return toLeave(row!);
}

/**
 * The driver's jobs not yet started (assigned, accepted or not) with a pickup
 * on a day of the leave, by the business time zone's days as assigning
 * decides (leaveCoversPickup), earliest first.
 */
export async function findLeaveClashes(
  db: Executor,
  driverId: string,
  leave: { startsOn: string; endsOn: string },
  timeZone: string,
): Promise<LeaveClash[]> {
  // The SQL only narrows to the leave's instants; the domain rule decides.
  const rows = await db
    .select({ id: bookings.id, reference: bookings.reference, pickupTime: bookings.pickupTime })
    .from(bookings)
    .where(
      and(
        eq(bookings.driverId, driverId),
        eq(bookings.status, 'assigned'),
        gte(bookings.pickupTime, startOfBusinessDate(leave.startsOn, timeZone)),
        lt(bookings.pickupTime, startOfBusinessDate(addCalendarDays(leave.endsOn, 1), timeZone)),
      ),
    )
    .orderBy(asc(bookings.pickupTime));
  return rows
    .filter((row) => leaveCoversPickup(leave, row.pickupTime, timeZone))
    .map((row) => ({
      id: row.id,
      reference: row.reference,
      pickupTime: row.pickupTime.toISOString(),
    }));
}

/** True when a leave of this driver was removed. */
export async function removeLeave(db: Executor, driverId: string, leaveId: string) {
  const rows = await db
    .delete(driverLeaves)
    .where(and(eq(driverLeaves.id, leaveId), eq(driverLeaves.driverId, driverId)))
    .returning({ id: driverLeaves.id });
  return rows.length > 0;
}

/**
 * The week view: every driver still working, with the jobs they have each
 * business day (pickup date in the business time zone), the shifts they
 * started that day and their leave.
 */
export async function loadSchedule(
  db: Executor,
  days: string[],
  timeZone: string,
): Promise<ScheduleResponse> {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const from = startOfBusinessDate(first, timeZone);
  const to = new Date(startOfBusinessDate(last, timeZone).getTime() + 36 * 3_600_000);
  const roster = await db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      status: drivers.status,
      deactivatedAt: drivers.deactivatedAt,
      vehicleId: vehicles.id,
      vehicleRegistration: vehicles.registration,
    })
    .from(drivers)
    .leftJoin(vehicles, eq(vehicles.id, drivers.vehicleId))
    .where(isNull(drivers.deactivatedAt))
    .orderBy(asc(drivers.firstName), asc(drivers.lastName));
  const businessDay = sql<string>`to_char(${bookings.pickupTime} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const jobs = await db
    .select({ driverId: bookings.driverId, day: businessDay, jobs: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        gte(bookings.pickupTime, from),
        lte(bookings.pickupTime, to),
        ne(bookings.status, 'cancelled'),
        sql`${bookings.driverId} is not null`,
      ),
    )
    // By position: the time zone is a parameter, so the expression differs from the select's.
    .groupBy(sql`1, 2`);
  const leaves = await db
    .select()
    .from(driverLeaves)
    .where(and(lte(driverLeaves.startsOn, last), gte(driverLeaves.endsOn, first)));

  const shiftDay = sql<string>`to_char(${driverShifts.startedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const shifts = await db
    .select({
      driverId: driverShifts.driverId,
      day: shiftDay,
      startedAt: driverShifts.startedAt,
      endedAt: driverShifts.endedAt,
    })
    .from(driverShifts)
    .where(and(gte(driverShifts.startedAt, from), lte(driverShifts.startedAt, to)))
    .orderBy(asc(driverShifts.startedAt));
  const shiftsByDay = new Map<string, { startedAt: string; endedAt: string | null }[]>();
  for (const shift of shifts) {
    const key = `${shift.driverId}|${shift.day}`;
    const list = shiftsByDay.get(key) ?? [];
    list.push({
      startedAt: shift.startedAt.toISOString(),
      endedAt: shift.endedAt?.toISOString() ?? null,
    });
    shiftsByDay.set(key, list);
  }

  const compliance = await assessDrivers(
    db,
    roster.map((driver) => ({
      id: driver.id,
      vehicle: driver.vehicleId
        ? { id: driver.vehicleId, registration: driver.vehicleRegistration! }
        : null,
    })),
    await complianceContext(db),
  );
  const jobCount = new Map(jobs.map((row) => [`${row.driverId}|${row.day}`, Number(row.jobs)]));
  return {
    days,
    drivers: roster.map((driver) => {
      const own = leaves.filter((leave) => leave.driverId === driver.id);
      return {
        id: driver.id,
        name: `${driver.firstName} ${driver.lastName}`,
        status: driverRecordStatus({
          status: driver.status as DriverStatus,
          deactivatedAt: driver.deactivatedAt,
          isCompliant: compliance.get(driver.id)!.isCompliant,
        }),
        days: days.map((date) => {
          const leave = leaveCovering(own, date);
          return {
            date,
            jobs: jobCount.get(`${driver.id}|${date}`) ?? 0,
            leave: leave ? { id: leave.id, reason: leave.reason } : null,
            shifts: shiftsByDay.get(`${driver.id}|${date}`) ?? [],
          };
        }),
      };
    }),
  };
}
