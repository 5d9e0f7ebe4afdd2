import { z } from 'zod';
import { VehicleTypeSchema } from '../vehicles/vehicle-types';
import { DriverSchema } from './api';
import { ODOMETER_MAX_KM } from './odometer';
import { vehicleInUseRefusal } from './shift-vehicle';

// The driver app's shift and home screen contract, shared by server and web.

export const StartShiftInputSchema = z.object({
  /** Omitted: the vehicle of the driver's last shift. */
  vehicleId: z.uuid().optional(),
  /** Kilometres on the odometer at the start. */
  odometer: z.number().int().min(0).max(ODOMETER_MAX_KM).optional(),
});
export type StartShiftInput = z.infer<typeof StartShiftInputSchema>;

export const ShiftVehicleSchema = z.object({
  id: z.string(),
  type: VehicleTypeSchema,
  make: z.string(),
  model: z.string(),
  registration: z.string(),
});
export type ShiftVehicle = z.infer<typeof ShiftVehicleSchema>;

/**
 * A vehicle offered at Start Shift, with the driver on shift in it now (by
 * name), if any, and what its papers lack for this driver (naming no plate;
 * empty: in order): the sheet says so before the pick is refused.
 */
export const ShiftVehicleChoiceSchema = ShiftVehicleSchema.extend({
  inUseBy: z.string().nullable(),
  paperProblems: z.array(z.string()),
});
export type ShiftVehicleChoice = z.infer<typeof ShiftVehicleChoiceSchema>;

export const ShiftSchema = z.object({
  id: z.string(),
  vehicle: ShiftVehicleSchema.nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  odometer: z.number().nullable(),
});
export type Shift = z.infer<typeof ShiftSchema>;

export const ShiftResponseSchema = z.object({ shift: ShiftSchema, driver: DriverSchema });

/** The Next Booking card. */
export const NextBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  pickupTime: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string(),
  passengerName: z.string(),
  /** Dollars. */
  fareAmount: z.number(),
});
export type NextBooking = z.infer<typeof NextBookingSchema>;

export const DriverHomeSchema = z.object({
  driver: DriverSchema,
  /** The open shift; null when off shift. */
  shift: ShiftSchema.nullable(),
  /** The vehicles the driver may start a shift in, and the one offered first. */
  vehicles: z.array(ShiftVehicleChoiceSchema),
  defaultVehicleId: z.string().nullable(),
  today: z.object({
    /** The sum of today's completed fares, in dollars. */
    earnings: z.number(),
    /** Today's completed jobs. */
    trips: z.number(),
  }),
  /** The driver's next job not yet started (assigned, pickup time first). */
  nextBooking: NextBookingSchema.nullable(),
});
export type DriverHome = z.infer<typeof DriverHomeSchema>;

export type ShiftCheck = {
  driver: { status: string; deactivated: boolean; onLeave: boolean };
  vehicle: {
    registration: string;
    status: string;
    mayDrive: boolean;
    /** The driver on shift in it now, by name; null when it is free. */
    inUseBy: string | null;
  } | null;
};

/** Why a driver may not start a shift with this vehicle, or null when they may. */
export function shiftRefusal({ driver, vehicle }: ShiftCheck): string | null {
  if (driver.deactivated) return 'Your driver account is inactive, so you cannot start a shift.';
  if (driver.status === 'suspended') {
    return 'You are suspended and cannot start a shift. Contact dispatch.';
  }
  if (driver.onLeave) return 'You are on leave today and cannot start a shift.';
  if (!vehicle) return 'Pick a vehicle to start your shift.';
  if (vehicle.status !== 'active') {
    return `Vehicle ${vehicle.registration} is not active. Pick another vehicle.`;
  }
  if (!vehicle.mayDrive) return `You may not drive ${vehicle.registration}. Pick another vehicle.`;
  if (vehicle.inUseBy) return vehicleInUseRefusal(vehicle.registration, vehicle.inUseBy);
  return null;
}
