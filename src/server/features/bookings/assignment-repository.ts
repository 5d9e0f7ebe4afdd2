import { and, asc, eq, gte, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import { leaveCovering, leaveRefusal } from '../../../domain/drivers';
import { dayInZone } from '../../../domain/bookings/wall-time';
import {
  CLASH_WINDOW_HOURS,
  findJobClash,
  jobClashLabel,
  jobClashWarning,
  PLANNED_STATUSES,
  type PlannedJob,
} from '../../../domain/bookings/job-clash';
import { pointAt } from '../../../domain/maps/coordinates';
import { assignmentCapacityWarning, type VehicleType } from '../../../domain/vehicles';
import type { Executor } from '../../db/database';
import { bookings, driverLeaves, driverVehicles, drivers, vehicles } from '../../db/schema';
import { openShiftVehicleId } from '../../lib/driver-vehicles';
import { Conflict, NotFound } from '../../lib/errors';
// The one document rule (spec section 5) is read through the documents feature.
import { assertDriverCompliant } from '../documents/compliance-repository';

export type AssignmentCheck = {
  vehicleId: string | null;
  capacityWarning: string | null;
  /** Another job of the driver's that this one does not fit beside (job-clash). */
  clashWarning: string | null;
};

const PLANNED_JOB_COLUMNS = {
  id: bookings.id,
  reference: bookings.reference,
  pickupTime: bookings.pickupTime,
  durationSeconds: bookings.durationSeconds,
  pickupLat: bookings.pickupLat,
  pickupLng: bookings.pickupLng,
  dropoffLat: bookings.dropoffLat,
  dropoffLng: bookings.dropoffLng,
  shuttleRunId: bookings.shuttleRunId,
};

type PlannedJobRow = {
  id: string;
  reference: string;
  pickupTime: Date;
  durationSeconds: number | null;
  pickupLat: number | null;
  pickupLng: number | null;
  dropoffLat: number | null;
  dropoffLng: number | null;
  shuttleRunId: string | null;
};

function plannedJob(row: PlannedJobRow): PlannedJob {
  return {
    id: row.id,
    reference: row.reference,
    pickupTime: row.pickupTime,
    durationSeconds: row.durationSeconds,
    pickup: pointAt(row.pickupLat, row.pickupLng),
    dropoff: pointAt(row.dropoffLat, row.dropoffLng),
    shuttleRunId: row.shuttleRunId,
  };
}

/**
 * The jobs that hold drivers (given to them, not finished) within
 * CLASH_WINDOW_HOURS of a job's pickup, other than the job itself: one
 * driver's, or every driver's. The status and pickup time index finds them.
 */
async function plannedJobsAround(
  tx: Executor,
  job: PlannedJob,
  driverId?: string,
): Promise<(PlannedJob & { driverId: string })[]> {
  const windowMs = CLASH_WINDOW_HOURS * 3_600_000;
  const rows = await tx
    .select({ ...PLANNED_JOB_COLUMNS, driverId: bookings.driverId })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, [...PLANNED_STATUSES]),
        gte(bookings.pickupTime, new Date(job.pickupTime.getTime() - windowMs)),
        lte(bookings.pickupTime, new Date(job.pickupTime.getTime() + windowMs)),
        ne(bookings.id, job.id),
        driverId === undefined ? isNotNull(bookings.driverId) : eq(bookings.driverId, driverId),
      ),
    );
  return rows.flatMap((row) =>
    row.driverId === null ? [] : [{ ...plannedJob(row), driverId: row.driverId }],
  );
}

async function plannedJobOf(tx: Executor, bookingId: string): Promise<PlannedJob> {
  const [row] = await tx
    .select(PLANNED_JOB_COLUMNS)
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!row) throw new NotFound('Booking not found.');
  return plannedJob(row);
}

/** One driver's job clash with a booking, as a short label and the whole warning. */
export type DriverJobClash = { driverId: string; label: string; warning: string };

/**
 * For Assign: every driver with a job that a booking does not fit beside,
 * before a dispatcher picks one (the assignment itself warns again).
 */
export async function jobClashes(
  tx: Executor,
  bookingId: string,
  timeZone: string,
): Promise<DriverJobClash[]> {
  const job = await plannedJobOf(tx, bookingId);
  const byDriver = new Map<string, PlannedJob[]>();
  for (const other of await plannedJobsAround(tx, job)) {
    byDriver.set(other.driverId, [...(byDriver.get(other.driverId) ?? []), other]);
  }
  const driverIds = [...byDriver.keys()];
  const names =
    driverIds.length === 0
      ? []
      : await tx
          .select({ id: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName })
          .from(drivers)
          .where(inArray(drivers.id, driverIds));
  return names.flatMap((driver) => {
    const clash = findJobClash(job, byDriver.get(driver.id) ?? []);
    if (!clash) return [];
    const name = `${driver.firstName} ${driver.lastName}`;
    return [
      {
        driverId: driver.id,
        label: jobClashLabel(clash, timeZone),
        warning: jobClashWarning(name, job, clash, timeZone),
      },
    ];
  });
}

/**
 * Whether a booking may go to this driver, and in which vehicle: refused
 * (409, naming the reason) when the driver is inactive, suspended or on leave
 * on the pickup's business date, or the vehicle named is not active or not
 * one the driver may drive. A vehicle too small for the job only warns, as
 * does another job of the driver's that this one does not fit beside.
 */
export async function checkAssignment(
  tx: Executor,
  request: { bookingId: string; driverId: string; vehicleId?: string | undefined },
  timeZone: string,
): Promise<AssignmentCheck> {
  const [booking] = await tx
    .select({
      ...PLANNED_JOB_COLUMNS,
      numPassengers: bookings.numPassengers,
      numSuitcases: bookings.numSuitcases,
      vehicleType: bookings.vehicleType,
    })
    .from(bookings)
    .where(eq(bookings.id, request.bookingId));
  if (!booking) throw new NotFound('Booking not found.');

  const [driver] = await tx
    .select({
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      status: drivers.status,
      deactivatedAt: drivers.deactivatedAt,
      drivesAnyVehicle: drivers.drivesAnyVehicle,
      vehicleId: drivers.vehicleId,
    })
    .from(drivers)
    .where(eq(drivers.id, request.driverId));
  if (!driver) throw new NotFound('Driver not found.');
  if (driver.deactivatedAt !== null) {
    throw new Conflict('This driver is inactive and cannot be assigned.');
  }
  if (driver.status === 'suspended') {
    throw new Conflict('This driver is suspended and cannot be assigned.');
  }

  const day = dayInZone(booking.pickupTime, timeZone);
  const leaves = await tx
    .select({
      startsOn: driverLeaves.startsOn,
      endsOn: driverLeaves.endsOn,
      reason: driverLeaves.reason,
    })
    .from(driverLeaves)
    .where(
      and(
        eq(driverLeaves.driverId, request.driverId),
        lte(driverLeaves.startsOn, day),
        gte(driverLeaves.endsOn, day),
      ),
    )
    .orderBy(asc(driverLeaves.startsOn));
  const leave = leaveCovering(leaves, day);
  if (leave) throw new Conflict(leaveRefusal(`${driver.firstName} ${driver.lastName}`, leave));

  // The plan until the driver sets off (jobVehicleId): the car named, else the one they are on
  // shift in, else their usual car (an admin may change the record's car mid-shift).
  const vehicleId =
    request.vehicleId ?? (await openShiftVehicleId(tx, request.driverId)) ?? driver.vehicleId;
  let vehicleType: VehicleType | null = null;
  if (vehicleId) {
    const [vehicle] = await tx
      .select({ type: vehicles.type, status: vehicles.status, registration: vehicles.registration })
      .from(vehicles)
      .where(eq(vehicles.id, vehicleId));
    if (!vehicle) throw new NotFound('Vehicle not found.');
    if (vehicle.status !== 'active') {
      throw new Conflict(`Vehicle ${vehicle.registration} is not active and cannot be picked.`);
    }
    if (request.vehicleId && !driver.drivesAnyVehicle) {
      const [allowed] = await tx
        .select({ vehicleId: driverVehicles.vehicleId })
        .from(driverVehicles)
        .where(
          and(
            eq(driverVehicles.driverId, request.driverId),
            eq(driverVehicles.vehicleId, request.vehicleId),
          ),
        );
      if (!allowed) {
        throw new Conflict(`This driver may not drive ${vehicle.registration}.`);
      }
    }
    vehicleType = vehicle.type as VehicleType;
  }
  // Spec section 5: the driver's documents and those of the vehicle they drive, in order.
  await assertDriverCompliant(tx, request.driverId, { vehicleId });
  const job = plannedJob(booking);
  const clash = findJobClash(job, await plannedJobsAround(tx, job, request.driverId));
  return {
    vehicleId,
    clashWarning: clash
      ? jobClashWarning(`${driver.firstName} ${driver.lastName}`, job, clash, timeZone)
      : null,
    capacityWarning: assignmentCapacityWarning(vehicleType, {
      passengers: booking.numPassengers,
      suitcases: booking.numSuitcases,
      vehicleType: booking.vehicleType as VehicleType,
    }),
  };
}
