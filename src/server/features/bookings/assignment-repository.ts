import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { leaveCovering, leaveRefusal } from '../../../domain/drivers';
import { dayInZone } from '../../../domain/bookings/wall-time';
import { assignmentCapacityWarning, type VehicleType } from '../../../domain/vehicles';
import type { Executor } from '../../db/database';
import { bookings, driverLeaves, driverVehicles, drivers, vehicles } from '../../db/schema';
import { openShiftVehicleId } from '../../lib/driver-vehicles';
import { Conflict, NotFound } from '../../lib/errors';
// The one document rule (spec section 5) is read through the documents feature.
import { assertDriverCompliant } from '../documents/compliance-repository';

export type AssignmentCheck = { vehicleId: string | null; capacityWarning: string | null };

/**
 * Whether a booking may go to this driver, and in which vehicle: refused
 * (409, naming the reason) when the driver is inactive, suspended or on leave
 * on the pickup's business date, or the vehicle named is not active or not
 * one the driver may drive. A vehicle too small for the job only warns.
 */
export async function checkAssignment(
  tx: Executor,
  request: { bookingId: string; driverId: string; vehicleId?: string | undefined },
  timeZone: string,
): Promise<AssignmentCheck> {
  const [booking] = await tx
    .select({
      pickupTime: bookings.pickupTime,
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
  return {
    vehicleId,
    capacityWarning: assignmentCapacityWarning(vehicleType, {
      passengers: booking.numPassengers,
      suitcases: booking.numSuitcases,
      vehicleType: booking.vehicleType as VehicleType,
    }),
  };
}
