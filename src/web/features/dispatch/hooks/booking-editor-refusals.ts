import { MultiBookingTripSchema } from '../../../../domain/dispatch';
import type { QuoteResponse } from '../../../../domain/fares';
import type { BookingFormValues } from '../utils/booking-form-state';
import { UNPRICED_DROPOFF_MESSAGE, UNPRICED_PICKUP_MESSAGE } from './use-pasted-places';
import { dropoffPoint, pickupPoint } from '../../../../domain/maps/coordinates';

/** Server field names that have an input in the panel (stops are 'stops.N.field'). */
const FIELDS_ON_SCREEN = [
  'pickupLocation',
  'dropoffLocation',
  'passengerName',
  'phone',
  'numPassengers',
  'numSuitcases',
  'pickupTime',
  'notes',
  'vehicleType',
  'accountCode',
  'fareAmount',
];

/**
 * A refused save's field errors: those the panel has an input for, shown at
 * it; the rest, listed under the form.
 */
export function fieldErrorsFor(fields: Record<string, string>): {
  shown: Record<string, string>;
  other: string[];
} {
  const shown: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    if (FIELDS_ON_SCREEN.includes(name) || /^stops\.\d+\.(location|passengers|type)$/.test(name)) {
      shown[name] = message;
    } else {
      other.push(`${name}: ${message}`);
    }
  }
  return { shown, other };
}

const PASTED_NAME_MESSAGE = 'Enter the passenger name: the pasted booking has none';
const UNPRICED_FARE_MESSAGE = 'The fare is not priced yet: wait for the route quote, then save';

/**
 * What a pasted booking still lacks before it is saved: a passenger name
 * (required as in Multi Booking, the server's schema for bookings made from
 * one trip) and a priced fare, which needs both places chosen from the
 * suggestions. A pasted form looks finished when it is not, and without a
 * route the server would book it at $0; a typed booking is not held to this.
 */
export function pastedBookingErrors(
  values: BookingFormValues,
  quote: QuoteResponse | null,
): { fields: Record<string, string>; form: string | null } {
  const fields: Record<string, string> = {};
  if (!MultiBookingTripSchema.shape.passengerName.safeParse(values.passengerName).success) {
    fields.passengerName = PASTED_NAME_MESSAGE;
  }
  const isPriced = quote !== null && quote.roundedFare > 0;
  if (!isPriced && pickupPoint(values) === null) {
    fields.pickupLocation = UNPRICED_PICKUP_MESSAGE;
  }
  if (!isPriced && dropoffPoint(values) === null) {
    fields.dropoffLocation = UNPRICED_DROPOFF_MESSAGE;
  }
  const isPlaced = !fields.pickupLocation && !fields.dropoffLocation;
  return { fields, form: !isPriced && isPlaced ? UNPRICED_FARE_MESSAGE : null };
}
