import { sql } from 'drizzle-orm';
import type { RosterVehicle } from '../../../domain/drivers';
import type { VehicleType } from '../../../domain/vehicles';
import { driverShifts, drivers, vehicles } from '../../db/schema';

// The roster's vehicles beside the one on the driver's record (drivers.vehicle_id,
// set at each shift start or by an admin): the one they drive on their open
// shift, and who else is driving the recorded one now. The record alone named
// last night's car for a driver off shift while a colleague drove it.

/** Roster columns: the open shift's vehicle, and who else has the recorded one on shift. */
export const rosterVehicleColumns = {
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

export function rosterVehicles(row: {
  shiftVehicle: RosterVehicle | string | null;
  vehicleTakenBy: string | null;
}): { shiftVehicle: RosterVehicle | null; vehicleTakenBy: string | null } {
  // pg returns json parsed; a driver that returns the text gets it parsed here.
  const shift =
    typeof row.shiftVehicle === 'string'
      ? (JSON.parse(row.shiftVehicle) as RosterVehicle)
      : row.shiftVehicle;
  return {
    shiftVehicle: shift ? { ...shift, type: shift.type as VehicleType } : null,
    vehicleTakenBy: row.vehicleTakenBy,
  };
}
