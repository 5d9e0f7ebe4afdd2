export const VEHICLE_TYPES = ['Standard HUG', 'Multivan 6', 'Imax 7'] as const;

export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const DEFAULT_VEHICLE_TYPE: VehicleType = 'Standard HUG';

/** Most passengers each vehicle seats (spec section 9). */
export const VEHICLE_CAPACITY: Readonly<Record<VehicleType, number>> = {
  'Standard HUG': 4,
  'Multivan 6': 6,
  'Imax 7': 7,
};

export function isVehicleType(value: unknown): value is VehicleType {
  return typeof value === 'string' && (VEHICLE_TYPES as readonly string[]).includes(value);
}
