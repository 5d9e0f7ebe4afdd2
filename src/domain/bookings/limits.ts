// The numbers every booking schema checks (api.ts), in a module without
// schemas: a form that only shows a limit does not load zod with it.

/** The passenger and suitcase limits every booking schema checks; forms read them from here. */
export const MIN_PASSENGERS = 1;
export const MAX_PASSENGERS = 7;
export const MIN_SUITCASES = 0;
export const MAX_SUITCASES = 20;

/** Child seats to fit before the pickup; any priced with the child seat fee (spec 5). */
export const MAX_CHILD_SEATS = 4;
/** What help the passengers need (walking frame, assistance animal ...), in a few words. */
export const MAX_ASSISTANCE_NEEDS_LENGTH = 200;

/** The highest fare, in dollars, a booking edit may set (the dispatcher's Fare field too). */
export const MAX_FARE_DOLLARS = 100_000;

/**
 * The longest text each contact field of the public booking request takes:
 * online-booking.ts's schema checks it and /book's inputs carry it as maxLength.
 */
export const ONLINE_BOOKING_FIELD_MAX = {
  passengerName: 120,
  phone: 40,
  email: 200,
  notes: 1000,
} as const;

/**
 * The longest text each field of a booking takes (api.ts's schemas), and the
 * maxLength of the dispatcher's New Booking and Multi Booking inputs.
 */
export const BOOKING_FIELD_MAX = {
  location: 300,
  notes: 2000,
  passengerName: 120,
  phone: 40,
  accountCode: 40,
} as const;
