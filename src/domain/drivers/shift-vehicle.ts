import { PAPERS_NOT_IN_ORDER, vehiclePapersRefusal } from '../documents/papers-words';

// Which cars the Start Shift sheet offers, free of schemas: the driver app's
// first screen reads it (decision 225).

/** A car as the sheet offers it: who is on shift in it, and what its papers lack. */
export type ShiftVehicleOffer = {
  registration: string;
  /** The driver on shift in it now, by name; null when it is free. */
  inUseBy: string | null;
  /** What keeps this driver out of it, naming no plate; empty: in order. */
  paperProblems: readonly string[];
};

/** One car, one driver: two shifts in it would put two drivers' jobs on one car. */
export function vehicleInUseRefusal(registration: string, inUseBy: string): string {
  return `${registration} is in use: ${inUseBy} is on shift in it. Pick another vehicle.`;
}

/** Why the sheet cannot offer this car, in the words its option shows ('in use by …'), or null. */
export function shiftVehicleBlock(vehicle: ShiftVehicleOffer): string | null {
  if (vehicle.inUseBy) return `in use by ${vehicle.inUseBy}`;
  if (vehicle.paperProblems.length > 0) return PAPERS_NOT_IN_ORDER;
  return null;
}

/**
 * The whole reason, as the server's refusal says it, for the car chosen
 * (the one offered first may be one the driver cannot take), or null.
 */
export function shiftVehicleRefusal(vehicle: ShiftVehicleOffer): string | null {
  if (vehicle.inUseBy) return vehicleInUseRefusal(vehicle.registration, vehicle.inUseBy);
  if (vehicle.paperProblems.length > 0) {
    return vehiclePapersRefusal(vehicle.registration, vehicle.paperProblems);
  }
  return null;
}
