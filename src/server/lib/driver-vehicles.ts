import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DriverVehicles, RosterVehicle } from '../../domain/drivers';
import type { FleetVehicle, VehicleType } from '../../domain/vehicles';
import type { Executor } from '../db/database';
import { driverShifts, drivers, vehicles } from '../db/schema';

// Which car a driver drives, and who drives a car, for every list that says so
// (the drivers roster, the admin's driver profile, the Vehicles list). The
// open shift says who is in a car now; drivers.vehicle_id, the vehicle on the
// driver's record (set at each shift start or by an admin), only which one
// they usually take. The record alone named last night's car for a driver off
// shift while a colleague drove it.

/**
 * Columns of a query on drivers left-joined to vehicles on drivers.vehicle_id
 * (the record's vehicle): the open shift's vehicle, and who else is on shift
 * in the recorded one. Read the row with toDriverVehicles.
 */
export const driverVehicleColumns = {
  vehicleId: vehicles.id,
  vehicleRegistration: vehicles.registration,
  vehicleType: vehicles.type,
  vehicleMake: vehicles.make,
  vehicleModel: vehicles.model,
  shiftVehicle: sql<RosterVehicle | string | null>`(
    select json_build_object('id', v.id, 'registration', v.registration, 'type', v.type,
      'make', v.make, 'model', v.model)
    from ${driverShifts} s join ${vehicles} v on v.id = s.vehicle_id
    where s.driver_id = ${drivers.id} and s.ended_at is null
  )`,
  vehicleTakenBy: sql<string | null>`(
    select other.first_name || ' ' || other.last_name
    from ${driverShifts} s join ${drivers} other on other.id = s.driver_id
    where s.vehicle_id = ${drivers.vehicleId} and s.ended_at is null
      and s.driver_id <> ${drivers.id}
    order by s.started_at desc limit 1
  )`,
};

/** The car of the driver's open shift: the one they are in now; null off shift. */
export async function openShiftVehicleId(db: Executor, driverId: string): Promise<string | null> {
  const [shift] = await db
    .select({ vehicleId: driverShifts.vehicleId })
    .from(driverShifts)
    .where(and(eq(driverShifts.driverId, driverId), isNull(driverShifts.endedAt)));
  return shift?.vehicleId ?? null;
}

type DriverVehicleRow = {
  status: string;
  deactivatedAt: Date | null;
  vehicleId: string | null;
  vehicleRegistration: string | null;
  vehicleType: string | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  shiftVehicle: RosterVehicle | string | null;
  vehicleTakenBy: string | null;
};

/** pg returns json parsed; a driver that returns the text gets it parsed here. */
function parsedJson<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export function toDriverVehicles(row: DriverVehicleRow): DriverVehicles {
  const shift = parsedJson(row.shiftVehicle);
  return {
    isOnShift: row.status === 'active' && row.deactivatedAt === null,
    vehicle: row.vehicleId
      ? {
          id: row.vehicleId,
          registration: row.vehicleRegistration!,
          type: row.vehicleType as VehicleType,
          make: row.vehicleMake!,
          model: row.vehicleModel!,
        }
      : null,
    shiftVehicle: shift ? { ...shift, type: shift.type as VehicleType } : null,
    vehicleTakenBy: row.vehicleTakenBy,
  };
}

type NamedDriver = { id: string; name: string };

/**
 * Columns of a query on vehicles: who drives it now, and whose usual car it
 * is. `vehicles.id` is written out: drizzle leaves a column unqualified in a
 * query on one table, and "id" would be the inner tables' own.
 */
export const vehicleDriverColumns = {
  drivenBy: sql<NamedDriver | string | null>`(
    select json_build_object('id', d.id, 'name', d.first_name || ' ' || d.last_name)
    from ${driverShifts} s join ${drivers} d on d.id = s.driver_id
    where s.vehicle_id = vehicles.id and s.ended_at is null
    order by s.started_at desc limit 1
  )`,
  usualDrivers: sql<NamedDriver[] | string | null>`(
    select json_agg(json_build_object('id', d.id, 'name', d.first_name || ' ' || d.last_name)
      order by d.first_name, d.last_name)
    from ${drivers} d
    where d.vehicle_id = vehicles.id and not exists (
      select 1 from ${driverShifts} s
      where s.driver_id = d.id and s.vehicle_id = vehicles.id and s.ended_at is null
    )
  )`,
};

export function toVehicleDrivers(row: {
  drivenBy: NamedDriver | string | null;
  usualDrivers: NamedDriver[] | string | null;
}): Pick<FleetVehicle, 'drivenBy' | 'usualDrivers'> {
  return { drivenBy: parsedJson(row.drivenBy), usualDrivers: parsedJson(row.usualDrivers) ?? [] };
}
