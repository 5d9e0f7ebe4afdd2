import { z } from 'zod';
import { parseTypedNumber } from '../format/typed-number';
import { VehicleTypeSchema } from '../vehicles/vehicle-types';
import { DriverSchema } from './api';

// The driver app's shift and home screen contract, shared by server and web.

/** The most an odometer reads: seven digits. */
export const ODOMETER_MAX_KM = 9_999_999;

export const StartShiftInputSchema = z.object({
  /** Omitted: the vehicle of the driver's last shift. */
  vehicleId: z.uuid().optional(),
  /** Kilometres on the odometer at the start. */
  odometer: z.number().int().min(0).max(ODOMETER_MAX_KM).optional(),
});
export type StartShiftInput = z.infer<typeof StartShiftInputSchema>;

/**
 * The odometer reading typed at Start Shift: none for an empty field, whole
 * kilometres as the dial shows them (with or without thousands commas,
 * '120,345'), or why the text is not one. '12345.6' is refused, not read as
 * 123456, and '-5' is refused, not read as 5 (decision 111).
 */
export function parseOdometer(
  text: string,
): { km: number | undefined; problem?: undefined } | { km?: undefined; problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { km: undefined };
  const digits = /^\d{1,3}(,\d{3})+$/.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed;
  const km = parseTypedNumber(digits);
  if (km === null || !Number.isInteger(km) || km < 0) {
    return { problem: 'Enter whole kilometres, as the odometer shows them' };
  }
  if (km > ODOMETER_MAX_KM) return { problem: 'Must be at most 9,999,999 km' };
  return { km };
}

export const ShiftVehicleSchema = z.object({
  id: z.string(),
  type: VehicleTypeSchema,
  make: z.string(),
  model: z.string(),
  registration: z.string(),
});
export type ShiftVehicle = z.infer<typeof ShiftVehicleSchema>;

/** A vehicle offered at Start Shift, with the driver on shift in it now (by name), if any. */
export const ShiftVehicleChoiceSchema = ShiftVehicleSchema.extend({
  inUseBy: z.string().nullable(),
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
  // One car, one driver: two shifts in it would put two drivers' jobs on one car.
  if (vehicle.inUseBy) {
    return `${vehicle.registration} is in use: ${vehicle.inUseBy} is on shift in it. Pick another vehicle.`;
  }
  return null;
}
