import { z } from 'zod';

export const VEHICLE_TYPES = ['Standard HUG', 'Multivan 6', 'Imax 7'] as const;

export const VehicleTypeSchema = z.enum(VEHICLE_TYPES);

export type VehicleType = z.infer<typeof VehicleTypeSchema>;

export const DEFAULT_VEHICLE_TYPE: VehicleType = 'Standard HUG';

/** Most passengers each vehicle seats (spec section 9). */
export const VEHICLE_CAPACITY: Readonly<Record<VehicleType, number>> = {
  'Standard HUG': 4,
  'Multivan 6': 6,
  'Imax 7': 7,
};

export function isVehicleType(value: unknown): value is VehicleType {
  return VehicleTypeSchema.safeParse(value).success;
}
