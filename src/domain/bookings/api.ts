import { z } from 'zod';
import { BUSINESS_YEARS_MESSAGE, isBusinessYear } from '../api/business-dates';
import { ExpectedUpdatedAtSchema } from '../api/changed-since';
import { multilineText, optionalPersonName, queryNumber, SEARCH_TEXT_MAX, text } from '../api/text';
import { CUSTOMER_EMAIL_MAX } from '../customers/api';
import { INVALID_PHONE_MESSAGE, isBlankOrValidPhone } from '../customers/phone';
import { MAX_QUOTE_DISTANCE_METERS, MAX_QUOTE_DURATION_SECONDS } from '../fares/quote-limits';
import { VehicleTypeSchema } from '../vehicles/vehicle-types';
import { BookingSourceSchema } from './source';
import {
  BOOKING_FIELD_MAX,
  MAX_ASSISTANCE_NEEDS_LENGTH,
  MAX_CHILD_SEATS,
  MAX_FARE_DOLLARS,
  MAX_PASSENGERS,
  MAX_SUITCASES,
  MIN_PASSENGERS,
} from './limits';
import { BookingStatusSchema } from './status-schema';

export * from './limits';

// The bookings API contract (DESIGN section 4), shared by server and web.

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
/** Whether a place's text has something to read: a letter or a digit, not only marks or spaces. */
export function hasReadableText(value: string): boolean {
  return /[\p{L}\p{N}]/u.test(value);
}
const location = text()
  .trim()
  .min(1, 'is required')
  .max(BOOKING_FIELD_MAX.location)
  .refine(hasReadableText, 'is required');

/** A pickup time as every booking path takes it: ISO 8601 with an offset, in BUSINESS_YEARS. */
export const PickupTimeSchema = z.iso
  .datetime({ offset: true, message: 'enter a date and time' })
  .refine((value) => isBusinessYear(new Date(value).getUTCFullYear()), BUSINESS_YEARS_MESSAGE);

export const BookingStopInputSchema = z.object({
  location,
  passengers: z.number().int().min(MIN_PASSENGERS).max(MAX_PASSENGERS),
  type: z.enum(['pickup', 'dropoff']),
  lat: latitude.optional(),
  lng: longitude.optional(),
});
export type BookingStopInput = z.infer<typeof BookingStopInputSchema>;

/** Child seats to fit before the pickup; any priced with the child seat fee (spec 5). */
export const ChildSeatsSchema = z.number().int().min(0).max(MAX_CHILD_SEATS);
/** What help the passengers need (walking frame, assistance animal ...), in a few words. */
export const AssistanceNeedsSchema = text().trim().max(MAX_ASSISTANCE_NEEDS_LENGTH);

/** The fields a dispatcher fills in, without defaults (PATCH leaves out what it does not change). */
const bookingFields = {
  pickupLocation: location,
  dropoffLocation: location,
  pickupTime: PickupTimeSchema,
  numPassengers: z.number().int().min(MIN_PASSENGERS).max(MAX_PASSENGERS),
  numSuitcases: z.number().int().min(0).max(MAX_SUITCASES),
  /** Of the passengers, those seated in their wheelchair (at most numPassengers). */
  wheelchairPassengers: z.number().int().min(0).max(MAX_PASSENGERS),
  childSeats: ChildSeatsSchema,
  assistanceNeeds: AssistanceNeedsSchema,
  notes: multilineText().max(BOOKING_FIELD_MAX.notes),
  passengerName: optionalPersonName(BOOKING_FIELD_MAX.passengerName),
  // The driver calls it: a typo ('041 23') is refused, as it is everywhere else.
  phone: text()
    .trim()
    .max(BOOKING_FIELD_MAX.phone)
    .refine(isBlankOrValidPhone, INVALID_PHONE_MESSAGE),
  // A booking's email may create a customer: the customer's limit.
  email: z.union([z.email().max(CUSTOMER_EMAIL_MAX), z.literal('')]).optional(),
  vehicleType: VehicleTypeSchema,
  // Corporate accounts' codes are upper case: 'crown01' is CROWN01's booking.
  accountCode: text()
    .trim()
    .max(BOOKING_FIELD_MAX.accountCode)
    .transform((code) => code.toUpperCase())
    .optional(),
  pickupLat: latitude.optional(),
  pickupLng: longitude.optional(),
  dropoffLat: latitude.optional(),
  dropoffLng: longitude.optional(),
  distanceMeters: z.number().int().min(0).max(MAX_QUOTE_DISTANCE_METERS).optional(),
  durationSeconds: z.number().int().min(0).max(MAX_QUOTE_DURATION_SECONDS).optional(),
};

/** POST /api/bookings: one booking, or a shuttle run when `stops` is not empty. */
export const CreateBookingInputSchema = z.object({
  ...bookingFields,
  numPassengers: bookingFields.numPassengers.default(1),
  numSuitcases: bookingFields.numSuitcases.default(0),
  wheelchairPassengers: bookingFields.wheelchairPassengers.default(0),
  childSeats: bookingFields.childSeats.default(0),
  assistanceNeeds: bookingFields.assistanceNeeds.default(''),
  notes: bookingFields.notes.default(''),
  passengerName: bookingFields.passengerName.default(''),
  phone: bookingFields.phone.default(''),
  vehicleType: bookingFields.vehicleType.default('Standard HUG'),
  customerId: z.uuid().optional(),
  stops: z.array(BookingStopInputSchema).max(20).optional(),
});
export type CreateBookingInput = z.infer<typeof CreateBookingInputSchema>;

/**
 * PATCH /api/bookings/:id: the editable fields; a field left out is not
 * changed (no defaults here, unlike creation). `email` only matters at
 * creation, where it finds the customer; a PATCH ignores it.
 */
export const UpdateBookingInputSchema = z
  .object(bookingFields)
  .partial()
  .extend({
    /** A fare in dollars: the booking's fare is then set by hand, and route edits keep it. */
    fareAmount: z.number().min(0).max(MAX_FARE_DOLLARS).optional(),
    /**
     * false gives a hand-set fare back to the route: priced from its route,
     * vehicle and child seats with the tariffs in force, and by later route
     * edits (Use route price, decision 104). Not with fareAmount.
     */
    fareSetByHand: z
      .literal(false, { error: 'can only be false: the fare is then priced from the route' })
      .optional(),
    /**
     * The booking's updatedAt when the form was filled. When the booking has
     * changed since (any change: an edit, a driver, a status), the edit is
     * refused (409, saying when and by whom) and nothing changes, so two
     * dispatchers editing at once cannot silently overwrite each other.
     * Left out: not checked.
     */
    expectedUpdatedAt: ExpectedUpdatedAtSchema.optional(),
  })
  .refine((input) => !(input.fareSetByHand === false && input.fareAmount !== undefined), {
    path: ['fareSetByHand'],
    message: 'cannot be sent with fareAmount: a fare is either typed or priced from the route',
  });
export type UpdateBookingInput = z.infer<typeof UpdateBookingInputSchema>;

/**
 * The driver the caller saw on a booking (null: none) when it chose to act:
 * another driver on it by now refuses the change (409), nothing changed.
 * Left out: not checked. Assign and the status steps take it.
 */
export const ExpectedDriverIdSchema = z
  .uuid()
  .nullable()
  .describe(
    'The driver the caller saw on the booking (null: none). Another driver on it by now: 409, nothing changed. Left out: not checked',
  )
  .optional();

export const AssignBookingInputSchema = z.object({
  driverId: z.uuid(),
  vehicleId: z.uuid().optional(),
  /**
   * The driver the caller saw on the booking (null: none) when it chose to
   * assign. When the booking has another driver by the time the assignment
   * is made, it is refused (409, naming who has it) and nothing changes, so
   * two dispatchers assigning at once cannot silently overwrite each other.
   * Left out: assigned whoever has it now.
   */
  expectedDriverId: ExpectedDriverIdSchema,
});
export type AssignBookingInput = z.infer<typeof AssignBookingInputSchema>;

/** `from` and `to` bound pickup_time as a half-open range [from, to). */
export const BookingListQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** One status or several, comma-separated. */
  status: text()
    .optional()
    .transform((value) => (value ? value.split(',').map((item) => item.trim()) : undefined))
    .pipe(z.array(BookingStatusSchema).optional()),
  driverId: z.uuid().optional(),
  /** One source or several, comma-separated. */
  source: text()
    .optional()
    .transform((value) => (value ? value.split(',').map((item) => item.trim()) : undefined))
    .pipe(z.array(BookingSourceSchema).optional()),
  q: text().trim().max(SEARCH_TEXT_MAX).optional(),
  limit: queryNumber(z.number().int().min(1).max(5000)).default(500),
  offset: queryNumber(z.number().int().min(0).max(10_000_000)).default(0),
});
export type BookingListQuery = z.input<typeof BookingListQuerySchema>;

export const BookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: BookingStatusSchema,
  pickupTime: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string(),
  pickupLat: z.number().nullable(),
  pickupLng: z.number().nullable(),
  dropoffLat: z.number().nullable(),
  dropoffLng: z.number().nullable(),
  /** Dollars. */
  fareAmount: z.number(),
  /** The fare was set by an edit (PATCH fareAmount): later route edits keep it (decision 94). */
  fareSetByHand: z.boolean(),
  passengerName: z.string(),
  phone: z.string(),
  vehicleType: VehicleTypeSchema,
  numPassengers: z.number(),
  numSuitcases: z.number(),
  wheelchairPassengers: z.number(),
  childSeats: z.number(),
  assistanceNeeds: z.string(),
  notes: z.string(),
  isShuttle: z.boolean(),
  shuttleRunId: z.string().nullable(),
  shuttleSequence: z.number().nullable(),
  accountCode: z.string().nullable(),
  source: BookingSourceSchema,
  distanceMeters: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  /** The journey's start (on-board) and end (completed); null until then. */
  journeyStartedAt: z.string().nullable(),
  journeyEndedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customer: z
    .object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  driver: z
    .object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
      /** Null: no ratings yet. */
      rating: z.number().nullable(),
    })
    .nullable(),
  vehicle: z
    .object({
      id: z.string(),
      type: VehicleTypeSchema,
      make: z.string(),
      model: z.string(),
      registration: z.string(),
    })
    .nullable(),
  /** When the current driver was given the job (null: no driver, or no record of when). */
  assignedAt: z.string().nullable(),
  /** When that driver accepted it (Accept in the driver app). */
  acknowledgedAt: z.string().nullable(),
  /** When dispatch was told the driver had not accepted in time; null once they do. */
  acknowledgementOverdueAt: z.string().nullable(),
  /** When a driver declined it, and the reason they gave, while it waits for a new driver. */
  declinedAt: z.string().nullable(),
  declinedReason: z.string().nullable(),
  /**
   * When it was handed back to dispatch without the driver's say (their
   * documents expired: suspended), and why, while it waits for a new driver.
   */
  returnedAt: z.string().nullable(),
  returnedReason: z.string().nullable(),
});
export type Booking = z.infer<typeof BookingSchema>;

export const BookingListResponseSchema = z.object({
  bookings: z.array(BookingSchema),
  total: z.number(),
});

export const BookingEventSchema = z.object({
  id: z.number(),
  type: z.string(),
  fromStatus: BookingStatusSchema.nullable(),
  toStatus: BookingStatusSchema.nullable(),
  changes: z.record(z.string(), z.unknown()),
  occurredAt: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type BookingEvent = z.infer<typeof BookingEventSchema>;

export const BookingDetailResponseSchema = z.object({
  booking: BookingSchema,
  events: z.array(BookingEventSchema),
});

export const BookingResponseSchema = z.object({ booking: BookingSchema });
export const CreatedBookingsResponseSchema = z.object({ bookings: z.array(BookingSchema) });
