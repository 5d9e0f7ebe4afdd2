import { z } from 'zod';
import { multilineText, personName, text } from '../api/text';
import { INVALID_PHONE_MESSAGE, normalizeAuPhone } from '../customers/phone';
import { MAX_STOPOVERS } from '../maps/lat-lng';
import { VehicleTypeSchema } from '../vehicles/vehicle-types';
import {
  AssistanceNeedsSchema,
  ChildSeatsSchema,
  hasReadableText,
  MAX_PASSENGERS,
  MAX_SUITCASES,
  MIN_PASSENGERS,
  PickupTimeSchema,
} from './api';
import { ONLINE_BOOKING_FIELD_MAX } from './limits';
import { BookingStatusSchema } from './status-schema';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const address = text()
  .trim()
  .min(3, 'enter an address')
  .max(300)
  .refine(hasReadableText, 'enter an address');

const placeProof = text().max(64).optional();

/**
 * What the public /book page sends. Neither the fare nor the route's length
 * is taken from the client: the server routes between the places' coordinates
 * (the places chosen from the suggestions) and prices that.
 */
export const OnlineBookingInputSchema = z.object({
  pickupLocation: address,
  pickupLat: latitude.optional(),
  pickupLng: longitude.optional(),
  /** The place's proof from GET /api/places/:id: its text and coordinates are ours (decision 210). */
  pickupProof: placeProof,
  dropoffLocation: address,
  dropoffLat: latitude.optional(),
  dropoffLng: longitude.optional(),
  dropoffProof: placeProof,
  stops: z
    .array(
      z.object({
        location: address,
        lat: latitude.optional(),
        lng: longitude.optional(),
        proof: placeProof,
      }),
    )
    .max(MAX_STOPOVERS)
    .default([]),
  pickupTime: PickupTimeSchema,
  numPassengers: z.number().int().min(MIN_PASSENGERS).max(MAX_PASSENGERS),
  largeSuitcases: z.number().int().min(0).max(MAX_SUITCASES).default(0),
  mediumSuitcases: z.number().int().min(0).max(MAX_SUITCASES).default(0),
  vehicleType: VehicleTypeSchema,
  /**
   * How many child seats to fit (0-4). The calculator's Child Seats checkbox
   * sends true or false, which mean one and none.
   */
  childSeats: z
    .union([ChildSeatsSchema, z.boolean().transform((wanted) => (wanted ? 1 : 0))])
    .default(0),
  /** What help the passengers need; left empty, the assistance options ticked say it. */
  assistanceNeeds: AssistanceNeedsSchema.default(''),
  options: z
    .object({
      excessLuggage: z.boolean().default(false),
      sportingEquipment: z.boolean().default(false),
      oversizedItems: z.boolean().default(false),
      assistanceAnimal: z.boolean().default(false),
      mobilityAssistance: z.boolean().default(false),
      walkingAids: z.boolean().default(false),
    })
    .default({
      excessLuggage: false,
      sportingEquipment: false,
      oversizedItems: false,
      assistanceAnimal: false,
      mobilityAssistance: false,
      walkingAids: false,
    }),
  passengerName: personName(ONLINE_BOOKING_FIELD_MAX.passengerName, {
    requiredMessage: 'enter your name',
  }).min(2, 'enter your name'),
  phone: text()
    .trim()
    .max(ONLINE_BOOKING_FIELD_MAX.phone)
    .refine((value) => normalizeAuPhone(value) !== null, INVALID_PHONE_MESSAGE),
  email: z
    .union([
      z.email('enter a valid email address').max(ONLINE_BOOKING_FIELD_MAX.email),
      z.literal(''),
    ])
    .optional(),
  notes: multilineText().trim().max(ONLINE_BOOKING_FIELD_MAX.notes).default(''),
});
export type OnlineBookingInput = z.infer<typeof OnlineBookingInputSchema>;

export const BookingConfirmationSchema = z.object({
  booking: z.object({
    id: z.string(),
    reference: z.string(),
    status: BookingStatusSchema,
    pickupTime: z.string(),
    pickupLocation: z.string(),
    dropoffLocation: z.string(),
    vehicleType: VehicleTypeSchema,
    fareAmount: z.number(),
    numPassengers: z.number(),
    /** The route the fare was priced on, ours (null: none could be worked out). */
    distanceMeters: z.number().nullable(),
    durationSeconds: z.number().nullable(),
  }),
});
export type BookingConfirmation = z.infer<typeof BookingConfirmationSchema>;

/** How far ahead of now a pickup may be booked online, and the grace for clocks. */
export const ONLINE_BOOKING_MAX_DAYS_AHEAD = 365;
export const PICKUP_TIME_GRACE_MS = 5 * 60 * 1000;

export function pickupTimeProblem(pickupTime: Date, now: Date): string | null {
  if (pickupTime.getTime() < now.getTime() - PICKUP_TIME_GRACE_MS) return 'must not be in the past';
  if (pickupTime.getTime() > now.getTime() + ONLINE_BOOKING_MAX_DAYS_AHEAD * 86_400_000) {
    return 'must be within a year';
  }
  return null;
}

const ASSISTANCE_LABELS = {
  assistanceAnimal: 'Assistance animal',
  mobilityAssistance: 'Mobility assistance',
  walkingAids: 'Walking aids/wheelchair/walker',
} as const;

/** The booking's assistance needs: what the visitor wrote, else the assistance options they ticked. */
export function onlineAssistanceNeeds(input: OnlineBookingInput): string {
  if (input.assistanceNeeds) return input.assistanceNeeds;
  const ticked = (Object.keys(ASSISTANCE_LABELS) as (keyof typeof ASSISTANCE_LABELS)[]).filter(
    (option) => input.options[option],
  );
  return ticked.map((option) => ASSISTANCE_LABELS[option]).join(', ');
}

/** The notes a dispatcher reads: the visitor's notes plus the options they ticked. */
export function onlineBookingNotes(input: OnlineBookingInput): string {
  const flags: string[] = [];
  if (input.childSeats)
    flags.push(input.childSeats === 1 ? 'Child seat' : `${input.childSeats} child seats`);
  if (input.options.excessLuggage) flags.push('Excess luggage');
  if (input.options.sportingEquipment) flags.push('Sporting equipment');
  if (input.options.oversizedItems) flags.push('Oversized items');
  for (const option of Object.keys(ASSISTANCE_LABELS) as (keyof typeof ASSISTANCE_LABELS)[]) {
    if (input.options[option]) flags.push(ASSISTANCE_LABELS[option]);
  }
  if (input.largeSuitcases || input.mediumSuitcases) {
    flags.push(`Luggage: ${input.largeSuitcases} large, ${input.mediumSuitcases} medium`);
  }
  if (input.stops.length > 0)
    flags.push(`Stops: ${input.stops.map((stop) => stop.location).join(' → ')}`);
  return [input.notes, flags.length ? `[Online booking] ${flags.join('; ')}` : '[Online booking]']
    .filter(Boolean)
    .join('\n');
}
