import { selectVehicle } from './select-vehicle';
import { VEHICLE_CAPACITY, VEHICLE_TYPES, type VehicleType } from './vehicle-types';

/** What a job asks of a vehicle: the passengers, the suitcases and the type booked. */
export type JobLoad = { passengers: number; suitcases: number; vehicleType: VehicleType };

function size(type: VehicleType): number {
  return VEHICLE_TYPES.indexOf(type);
}

/**
 * The smallest vehicle type a job needs: the larger of the type booked and
 * what its passengers and luggage need (the calculator's rule, counting every
 * suitcase as a medium one since bookings do not record sizes).
 */
export function vehicleTypeNeeded(job: JobLoad): VehicleType {
  const byLoad = selectVehicle({
    passengers: job.passengers,
    largeSuitcases: 0,
    mediumSuitcases: job.suitcases,
    excessLuggage: false,
    sportingEquipment: false,
    oversizedItems: false,
  });
  return size(byLoad) >= size(job.vehicleType) ? byLoad : job.vehicleType;
}

/** Whether a vehicle of this type carries the job (capacity: 4, 6, 7 passengers). */
export function vehicleFitsJob(vehicleType: VehicleType, job: JobLoad): boolean {
  return size(vehicleType) >= size(vehicleTypeNeeded(job));
}

/**
 * The warning shown when a job goes to a driver whose current vehicle is too
 * small for it; null when it fits or the driver has no vehicle. It never
 * blocks the assignment: dispatch may know better (a swap at the depot).
 */
export function assignmentCapacityWarning(
  vehicleType: VehicleType | null,
  job: JobLoad,
): string | null {
  if (vehicleType === null || vehicleFitsJob(vehicleType, job)) return null;
  const needed = vehicleTypeNeeded(job);
  const load = `${job.passengers} passenger${job.passengers === 1 ? '' : 's'}, ${job.suitcases} suitcase${job.suitcases === 1 ? '' : 's'}`;
  return `This job needs a ${needed} (${load}, booked as ${job.vehicleType}); the driver's current vehicle is a ${vehicleType}, which seats ${VEHICLE_CAPACITY[vehicleType]}.`;
}
