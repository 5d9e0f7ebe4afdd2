/** Readable names for the booking request's fields, for errors with no input on screen. */
const FIELD_LABELS: Record<string, string> = {
  pickupLocation: 'Pickup',
  pickupLat: 'Pickup',
  pickupLng: 'Pickup',
  dropoffLocation: 'Dropoff',
  dropoffLat: 'Dropoff',
  dropoffLng: 'Dropoff',
  stops: 'Stops',
  pickupTime: 'Pickup date and time',
  numPassengers: 'Passengers',
  largeSuitcases: 'Large Suitcases',
  mediumSuitcases: 'Medium Suitcases',
  vehicleType: 'Vehicle Type',
  childSeats: 'Child Seats',
  options: 'Options',
  passengerName: 'Full name',
  phone: 'Mobile phone',
  email: 'Email',
  assistanceNeeds: 'Assistance needs',
  notes: 'Notes',
};

export type FieldErrorSplit = {
  /** Errors for fields with an input on screen, by field name. */
  shown: Record<string, string>;
  /** The rest, as 'Label: message' lines for the error box. */
  other: string[];
};

/**
 * Sorts a 400's `fields` into those shown under their input and the rest.
 * A nested name ('stops.0.location') is reported under its top-level field.
 */
export function splitFieldErrors(
  fields: Record<string, string>,
  fieldsOnScreen: readonly string[],
): FieldErrorSplit {
  const shown: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    const field = name.split(/[.[]/)[0] ?? name;
    if (fieldsOnScreen.includes(field) && shown[field] === undefined) shown[field] = message;
    else other.push(`${FIELD_LABELS[field] ?? field}: ${message}`);
  }
  return { shown, other };
}
