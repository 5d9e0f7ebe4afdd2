import { z } from 'zod';
import { ExpectedUpdatedAtSchema } from '../api/changed-since';
import { multilineText, text } from '../api/text';
import { INVALID_PLATE_MESSAGE, isWaPlate, normalizePlate } from './plate';
import {
  VEHICLE_CAPACITY,
  VEHICLE_TYPES,
  VehicleTypeSchema,
  type VehicleType,
} from './vehicle-types';

// The vehicles API contract (the fleet an admin manages), shared by server and web.

/**
 * 'in-service': at the workshop (the stored value kept; shown as 'At the
 * workshop', as 'in service' reads as on the road); 'inactive': deactivated
 * (kept, never deleted).
 */
export const VEHICLE_STATUSES = ['active', 'in-service', 'inactive'] as const;
export const VehicleStatusSchema = z.enum(VEHICLE_STATUSES);
export type VehicleStatus = z.infer<typeof VehicleStatusSchema>;
export const VEHICLE_STATUS_LABELS: Record<VehicleStatus, string> = {
  active: 'Active',
  'in-service': 'At the workshop',
  inactive: 'Inactive',
};

export const OLDEST_VEHICLE_YEAR = 1980;

/** A year is plausible from 1980 to next year (new models are sold a year ahead). */
export function vehicleYearProblem(year: number, now: Date): string | null {
  const latest = now.getUTCFullYear() + 1;
  return year < OLDEST_VEHICLE_YEAR || year > latest
    ? `must be between ${OLDEST_VEHICLE_YEAR} and ${latest}`
    : null;
}

/** 'a' or 'an' before a vehicle type's name, by its first letter ('an Imax 7'). */
function articleFor(type: VehicleType): string {
  return /^[AEIOU]/i.test(type) ? 'an' : 'a';
}

/** The most passenger seats any vehicle has: the largest type's (an Imax 7 seats 7). */
export const MAX_VEHICLE_SEATS = Math.max(...VEHICLE_TYPES.map((type) => VEHICLE_CAPACITY[type]));

/** What to choose instead of a type too small for these seats. */
function largerTypeAdvice(type: VehicleType, seats: number): string {
  const larger = VEHICLE_TYPES.filter((other) => VEHICLE_CAPACITY[other] > VEHICLE_CAPACITY[type]);
  const exact = larger.find((other) => VEHICLE_CAPACITY[other] === seats);
  if (exact) return `; choose ${exact} for ${seats} seats`;
  if (larger.length === 0) return ', the most of any vehicle type';
  const list = larger.map((other) => `${VEHICLE_CAPACITY[other]} (${other})`);
  return `; the larger types seat ${new Intl.ListFormat('en').format(list)}`;
}

/**
 * A vehicle seats its type's passengers (4, 6, 7), no fewer and no more
 * (Passenger seats, the driver's not counted): fewer cannot take what its type
 * is booked for; more is a larger vehicle entered as a smaller type, which
 * dispatch would never send for a larger party.
 */
export function vehicleSeatsProblem(type: VehicleType, seats: number): string | null {
  const capacity = VEHICLE_CAPACITY[type];
  const named = `${articleFor(type)} ${type}`;
  if (seats < capacity) return `${named} seats at least ${capacity} passengers`;
  if (seats > capacity) {
    return `${named} seats at most ${capacity} passengers${largerTypeAdvice(type, seats)}`;
  }
  return null;
}

/** The longest text each vehicle field takes: the schemas below and the form's maxLength. */
export const VEHICLE_FIELD_MAX = {
  registration: 20,
  make: 60,
  model: 60,
  colour: 40,
  notes: 2000,
} as const;

const registration = text()
  .trim()
  .max(VEHICLE_FIELD_MAX.registration, INVALID_PLATE_MESSAGE)
  .refine(isWaPlate, INVALID_PLATE_MESSAGE)
  .transform(normalizePlate);
const requiredText = (max: number) => text().trim().min(1, 'is required').max(max);
// Checked with the other fields, so a form hears of every problem at once.
const year = z
  .number('must be a whole number')
  .int('must be a whole number')
  .check(
    z.superRefine((value, context) => {
      const problem = vehicleYearProblem(value, new Date());
      if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
    }),
  )
  .nullable();
const seats = z
  .number('must be a whole number')
  .int('must be a whole number')
  .min(1, 'must be at least 1');

/** POST /api/vehicles. The year's upper bound and seats against the type are checked too. */
export const VehicleInputSchema = z.object({
  registration,
  type: VehicleTypeSchema,
  make: requiredText(VEHICLE_FIELD_MAX.make),
  model: requiredText(VEHICLE_FIELD_MAX.model),
  colour: text().trim().max(VEHICLE_FIELD_MAX.colour).default(''),
  year: year.optional().transform((value) => value ?? null),
  seats,
  isElectric: z.boolean().default(false),
  isWheelchairAccessible: z.boolean().default(false),
  status: VehicleStatusSchema.default('active'),
  notes: multilineText().trim().max(VEHICLE_FIELD_MAX.notes).default(''),
});
export type VehicleInput = z.input<typeof VehicleInputSchema>;
export type VehicleValues = z.output<typeof VehicleInputSchema>;

/** PATCH /api/vehicles/:id: only the fields sent change. */
export const VehicleUpdateSchema = z.object({
  registration: registration.optional(),
  type: VehicleTypeSchema.optional(),
  make: requiredText(VEHICLE_FIELD_MAX.make).optional(),
  model: requiredText(VEHICLE_FIELD_MAX.model).optional(),
  colour: text().trim().max(VEHICLE_FIELD_MAX.colour).optional(),
  year: year.optional(),
  seats: seats.optional(),
  isElectric: z.boolean().optional(),
  isWheelchairAccessible: z.boolean().optional(),
  status: VehicleStatusSchema.optional(),
  notes: multilineText().trim().max(VEHICLE_FIELD_MAX.notes).optional(),
  /**
   * The vehicle's updatedAt when the form was filled: a vehicle changed since
   * is refused with 409 and nothing changes. Left out: not checked.
   */
  expectedUpdatedAt: ExpectedUpdatedAtSchema.optional(),
});
export type VehicleUpdate = z.infer<typeof VehicleUpdateSchema>;

export const VehicleListQuerySchema = z.object({
  /** Matches the plate (spaces ignored), make, model or colour. */
  q: text().trim().max(100).optional(),
  status: VehicleStatusSchema.optional(),
  type: VehicleTypeSchema.optional(),
});
export type VehicleListQuery = z.infer<typeof VehicleListQuerySchema>;

export const FleetVehicleSchema = z.object({
  id: z.string(),
  registration: z.string(),
  type: VehicleTypeSchema,
  make: z.string(),
  model: z.string(),
  colour: z.string(),
  year: z.number().nullable(),
  seats: z.number(),
  isElectric: z.boolean(),
  isWheelchairAccessible: z.boolean(),
  status: VehicleStatusSchema,
  notes: z.string(),
  /** The driver on shift in it now (their open shift's vehicle); null: nobody. */
  drivenBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * The drivers whose record names it (the car they last started a shift in,
   * or the admin's choice), other than drivenBy: whose usual car it is.
   * vehicleDriversText (domain/drivers) words both.
   */
  usualDrivers: z.array(z.object({ id: z.string(), name: z.string() })),
  /**
   * What keeps any driver from working in it, from its papers ('Registration
   * is missing', 'PTV authorization expired on 1 Mar 2026'); empty: in order.
   */
  paperProblems: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FleetVehicle = z.infer<typeof FleetVehicleSchema>;

export const FleetVehicleListResponseSchema = z.object({ vehicles: z.array(FleetVehicleSchema) });
export const FleetVehicleResponseSchema = z.object({ vehicle: FleetVehicleSchema });
