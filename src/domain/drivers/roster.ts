import { z } from 'zod';
import { multilineText, personName, text } from '../api/text';
import { ExpectedUpdatedAtSchema } from '../api/changed-since';
import { INVALID_PHONE_MESSAGE, normalizeAuPhone } from '../customers/phone';
import { formatDate } from '../format/dates';
import { MailStatusSchema } from '../mail/api';
import { VehicleTypeSchema } from '../vehicles/vehicle-types';
import type { DriverStatus } from './api';

// The drivers an admin manages (the roster), shared by server and web.

/**
 * The record's status as the admin sees it, apart from being on shift:
 * inactive once deactivated, suspended while suspended (the compliance pass
 * suspends every driver holding an expired document, `suspendsDriver`),
 * pending verification while a required document is missing, unverified or
 * (for a driver who never drove) rejected (spec section 5: verification is
 * required before driver activation), else active.
 */
export const DRIVER_RECORD_STATUSES = ['active', 'pending', 'suspended', 'inactive'] as const;
export const DriverRecordStatusSchema = z.enum(DRIVER_RECORD_STATUSES);
export type DriverRecordStatus = z.infer<typeof DriverRecordStatusSchema>;
export const DRIVER_RECORD_STATUS_LABELS: Record<DriverRecordStatus, string> = {
  active: 'Active',
  pending: 'Pending verification',
  suspended: 'Suspended',
  inactive: 'Inactive',
};

export function driverRecordStatus(driver: {
  status: DriverStatus;
  deactivatedAt: Date | string | null;
  /** `assessCompliance(...).isCompliant`: the one rule that lets a driver work. */
  isCompliant: boolean;
}): DriverRecordStatus {
  if (driver.deactivatedAt !== null) return 'inactive';
  if (driver.status === 'suspended') return 'suspended';
  return driver.isCompliant ? 'active' : 'pending';
}

/** The longest text each driver record field takes: the schemas below and the form's maxLength. */
export const DRIVER_FIELD_MAX = {
  firstName: 100,
  lastName: 100,
  phone: 40,
  email: 254,
  licenceNumber: 40,
  preferredArea: 100,
  notes: 2000,
} as const;

const requiredPhone = text()
  .trim()
  .max(DRIVER_FIELD_MAX.phone)
  .transform((value, context) => {
    const normalized = value === '' ? null : normalizeAuPhone(value);
    if (normalized === null) {
      context.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });
const name = personName;
const email = z
  .union([z.email('enter a valid email address').max(DRIVER_FIELD_MAX.email), z.literal('')])
  .transform((value) => (value === '' ? null : value.toLowerCase()));
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value));

/** Why an invitation without an email is refused: the mail is the invitation. */
export const INVITATION_NEEDS_EMAIL = 'is required to invite the driver';

/**
 * POST /api/drivers. Without userId a user account with the driver role is
 * created and invited by mail (email required); with userId that existing
 * user becomes this driver.
 */
export const DriverCreateInputSchema = z.object({
  firstName: name(DRIVER_FIELD_MAX.firstName),
  lastName: name(DRIVER_FIELD_MAX.lastName),
  phone: requiredPhone,
  email: email.nullish().transform((value) => value ?? null),
  licenceNumber: optionalText(DRIVER_FIELD_MAX.licenceNumber)
    .nullish()
    .transform((value) => value ?? null),
  preferredArea: optionalText(DRIVER_FIELD_MAX.preferredArea)
    .nullish()
    .transform((value) => value ?? null),
  notes: multilineText().trim().max(DRIVER_FIELD_MAX.notes).default(''),
  userId: text().trim().min(1).max(100).optional(),
});
export type DriverCreateInput = z.input<typeof DriverCreateInputSchema>;
export type DriverCreateValues = z.output<typeof DriverCreateInputSchema>;

/** PATCH /api/drivers/:id/record: only the fields sent change. */
export const DriverRecordUpdateSchema = z.object({
  firstName: name(DRIVER_FIELD_MAX.firstName).optional(),
  lastName: name(DRIVER_FIELD_MAX.lastName).optional(),
  phone: requiredPhone.optional(),
  email: email.nullable().optional(),
  licenceNumber: optionalText(DRIVER_FIELD_MAX.licenceNumber).nullable().optional(),
  preferredArea: optionalText(DRIVER_FIELD_MAX.preferredArea).nullable().optional(),
  notes: multilineText().trim().max(DRIVER_FIELD_MAX.notes).optional(),
  /**
   * The form's Current Vehicle: the driver's usual car, the one their next
   * shift starts in unless they pick another (shiftStartVehicleId); null: none.
   */
  vehicleId: z.uuid('is not a vehicle id').nullable().optional(),
  /** True: any active vehicle; false: only allowedVehicleIds. */
  drivesAnyVehicle: z.boolean().optional(),
  allowedVehicleIds: z.array(z.uuid('is not a vehicle id')).max(200).optional(),
  /**
   * The record's updatedAt when the form was filled: a driver changed since
   * (an edit, a shift started or ended, a suspension, their car taken off the
   * road) is refused with 409 and nothing changes. Left out: not checked.
   */
  expectedUpdatedAt: ExpectedUpdatedAtSchema.optional(),
});
export type DriverRecordUpdate = z.infer<typeof DriverRecordUpdateSchema>;

export const DriverRosterQuerySchema = z.object({
  /** Matches the name, the phone (any format) or the current vehicle's plate. */
  q: text().trim().max(100).optional(),
  status: DriverRecordStatusSchema.optional(),
});
export type DriverRosterQuery = z.infer<typeof DriverRosterQuerySchema>;

/**
 * The driver's sign-in account: 'none'; 'invited', the invitation not yet
 * accepted (no password chosen, never signed in); 'linked', in use.
 */
export const DRIVER_ACCOUNT_STATES = ['none', 'invited', 'linked'] as const;
export type DriverAccountState = (typeof DRIVER_ACCOUNT_STATES)[number];

export const RosterVehicleSchema = z.object({
  id: z.string(),
  registration: z.string(),
  type: VehicleTypeSchema,
  make: z.string(),
  model: z.string(),
});
export type RosterVehicle = z.infer<typeof RosterVehicleSchema>;

/**
 * Which car a driver drives, as the roster and the admin's driver profile
 * read it; rosterVehicleText words it.
 */
export const DriverVehiclesSchema = z.object({
  isOnShift: z.boolean(),
  /**
   * The vehicle on the driver's record: set at each shift start, or by an
   * admin (the form's Current Vehicle). Off shift it is the one they usually
   * take, not one they drive now: see shiftVehicle and rosterVehicleText.
   */
  vehicle: RosterVehicleSchema.nullable(),
  /** The vehicle of their open shift; null off shift (or on a shift without one). */
  shiftVehicle: RosterVehicleSchema.nullable(),
  /** Another driver on shift in `vehicle` now, by name; null: nobody. */
  vehicleTakenBy: z.string().nullable(),
});
export type DriverVehicles = z.infer<typeof DriverVehiclesSchema>;

export const RosterDriverSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  accountState: z.enum(DRIVER_ACCOUNT_STATES),
  /** When the account was made and its invitation sent; null unless 'invited'. */
  invitedAt: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: DriverRecordStatusSchema,
  ...DriverVehiclesSchema.shape,
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  tripsThisMonth: z.number().int(),
  licenceNumber: z.string().nullable(),
  preferredArea: z.string().nullable(),
  notes: z.string(),
  drivesAnyVehicle: z.boolean(),
  allowedVehicleIds: z.array(z.string()),
  createdAt: z.string(),
  deactivatedAt: z.string().nullable(),
  /** The record's version: an edit form sends it back as expectedUpdatedAt. */
  updatedAt: z.string(),
});
export type RosterDriver = z.infer<typeof RosterDriverSchema>;

/** The Account of a driver's profile: 'Linked', 'No account' or 'Invited Mar 5, 2026, not yet accepted'. */
export function driverAccountLabel(
  driver: Pick<RosterDriver, 'accountState' | 'invitedAt'>,
  timeZone: string,
): string {
  if (driver.accountState === 'linked') return 'Linked';
  if (driver.accountState === 'none') return 'No account';
  // The business's day, as the profile's Joined date beside it.
  return driver.invitedAt
    ? `Invited ${formatDate(driver.invitedAt, timeZone)}, not yet accepted`
    : 'Invited, not yet accepted';
}

/**
 * The roster's Current Vehicle (the page, the CSV and the admin's driver
 * profile): the vehicle of the driver's open shift; otherwise 'None', with the vehicle on their record as
 * a note ('usually 1ABC 234 · Standard HUG'), and who drives it now when
 * someone else does, so it is not taken for the car they are in.
 */
export function rosterVehicleText(driver: DriverVehicles): {
  current: string;
  note: string | null;
} {
  const label = (vehicle: RosterVehicle) => `${vehicle.registration} · ${vehicle.type}`;
  if (driver.shiftVehicle) return { current: label(driver.shiftVehicle), note: null };
  const usual = driver.vehicle;
  if (!usual) return { current: 'None', note: null };
  // Put on shift by dispatch (no shift of their own): the recorded car is the best we know.
  if (driver.isOnShift && !driver.vehicleTakenBy) return { current: label(usual), note: null };
  if (driver.vehicleTakenBy) {
    return {
      current: 'None',
      note: `usually ${usual.registration}, now driven by ${driver.vehicleTakenBy}`,
    };
  }
  return { current: 'None', note: `usually ${label(usual)}` };
}

type NamedDriver = { id: string; name: string };

/**
 * The same from the vehicle's side (the Vehicles list's Driven by, the driver
 * form's Current Vehicle choices): who drives it now, on their open shift, and
 * whose usual car it is (the drivers whose record names it), so a driver off
 * shift is not taken for the one in it. `exceptDriverId`: the driver being
 * edited, left out. `hint`: both in one line, null when there is nobody.
 */
export function vehicleDriversText(
  vehicle: { drivenBy: NamedDriver | null; usualDrivers: NamedDriver[] },
  exceptDriverId?: string,
): { current: string; note: string | null; hint: string | null } {
  const drivenBy = vehicle.drivenBy?.id === exceptDriverId ? null : vehicle.drivenBy;
  const usual = vehicle.usualDrivers.filter((driver) => driver.id !== exceptDriverId);
  const now = drivenBy ? `now driven by ${drivenBy.name}` : null;
  const note =
    usual.length > 0 ? `usual car of ${usual.map((driver) => driver.name).join(', ')}` : null;
  return {
    current: drivenBy?.name ?? 'None',
    note,
    hint: [now, note].filter(Boolean).join('; ') || null,
  };
}

export const DriverRosterResponseSchema = z.object({ drivers: z.array(RosterDriverSchema) });
export const RosterDriverResponseSchema = z.object({ driver: RosterDriverSchema });

/**
 * POST /api/drivers: the new driver and, when they were invited rather than
 * linked to an account, how the invitation's mail ended.
 */
export const CreatedDriverResponseSchema = RosterDriverResponseSchema.extend({
  invitation: MailStatusSchema.optional(),
});
export type CreatedDriverResponse = z.infer<typeof CreatedDriverResponseSchema>;

/** PUT /api/bookings/:id/rating: the passenger's rating of a completed job. */
export const BookingRatingInputSchema = z.object({
  rating: z
    .number('must be a whole number from 1 to 5')
    .int('must be a whole number from 1 to 5')
    .min(1, 'must be a whole number from 1 to 5')
    .max(5, 'must be a whole number from 1 to 5'),
  comment: multilineText().trim().max(1000).default(''),
});
export const BookingRatingSchema = z.object({
  bookingId: z.string(),
  driverId: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
});
export const BookingRatingResponseSchema = z.object({
  rating: BookingRatingSchema,
  /** The driver's new average. */
  driverRating: z.number().nullable(),
});
