import {
  addCalendarDays,
  defaultPickupTime,
  wallTimeToIso,
} from '../../../../domain/bookings/wall-time';
import { pickupTimeConcern } from '../../../../domain/bookings/pickup-time';
import type { MultiBookingInput } from '../../../../domain/dispatch';
import { DEFAULT_VEHICLE_TYPE, type VehicleType } from '../../../../domain/vehicles';
import { EMPTY_ADDRESS, type AddressValue } from '../../maps/types';

// Multi Booking's form (spec 2.12's dispatcher tools): its values, how they
// open and go to the server, and what each field must hold before sending.

export type MultiBookingValues = {
  passengerName: string;
  phone: string;
  email: string;
  pickup: AddressValue;
  dropoff: AddressValue;
  numPassengers: number;
  numSuitcases: number;
  vehicleType: VehicleType;
  accountCode: string | null;
  notes: string;
  /** Perth wall-clock times, 'YYYY-MM-DD HH:mm:ss'. */
  times: string[];
};

/** The same time of day, one day later: the usual next row of a run of daily trips. */
export function nextDay(wallTime: string): string {
  const [day = '', time = '00:00:00'] = wallTime.split(' ');
  return `${addCalendarDays(day, 1)} ${time}`;
}

export function toInput(values: MultiBookingValues): MultiBookingInput {
  return {
    trip: {
      passengerName: values.passengerName.trim(),
      phone: values.phone.trim(),
      email: values.email.trim(),
      pickupLocation: values.pickup.text.trim(),
      dropoffLocation: values.dropoff.text.trim(),
      ...(values.pickup.place
        ? { pickupLat: values.pickup.place.lat, pickupLng: values.pickup.place.lng }
        : {}),
      ...(values.dropoff.place
        ? { dropoffLat: values.dropoff.place.lat, dropoffLng: values.dropoff.place.lng }
        : {}),
      numPassengers: values.numPassengers,
      numSuitcases: values.numSuitcases,
      vehicleType: values.vehicleType,
      notes: values.notes,
      ...(values.accountCode ? { accountCode: values.accountCode } : {}),
    },
    pickupTimes: values.times.map((time) => wallTimeToIso(time)),
  };
}

/** Server field names ('trip.pickupLocation', 'pickupTimes.2') as this form's fields. */
export function formField(serverField: string): string {
  const field = serverField.replace(/^trip\./, '').replace(/^pickupTimes\./, 'times.');
  if (field === 'pickupLocation' || field.startsWith('pickupL')) return 'pickup';
  if (field === 'dropoffLocation' || field.startsWith('dropoffL')) return 'dropoff';
  return field;
}

/** A Multi Booking books trips ahead; one that has started is New Booking's (the server refuses it too). */
export const MULTI_PAST_PICKUP_MESSAGE =
  'This time has passed. Multi Booking books trips ahead: choose a later time, or use New Booking for a trip under way.';

export function validateMultiBooking(values: MultiBookingValues): Record<string, string | null> {
  const errors: Record<string, string | null> = {
    passengerName: values.passengerName.trim() ? null : 'Enter the passenger name',
    pickup: values.pickup.text.trim() ? null : 'Enter the pickup address',
    dropoff: values.dropoff.text.trim() ? null : 'Enter the destination',
  };
  values.times.forEach((time, index) => {
    if (!time) errors[`times.${index}`] = 'Choose a date and time';
    else if (pickupTimeConcern(time, new Date()) === 'past') {
      errors[`times.${index}`] = MULTI_PAST_PICKUP_MESSAGE;
    } else if (values.times.indexOf(time) !== index) {
      errors[`times.${index}`] = 'This date and time is already listed';
    }
  });
  return errors;
}

/** The form as the dialog opens, and after New Multi Booking. */
export function blankValues(): MultiBookingValues {
  return {
    passengerName: '',
    phone: '',
    email: '',
    pickup: EMPTY_ADDRESS,
    dropoff: EMPTY_ADDRESS,
    numPassengers: 1,
    numSuitcases: 0,
    vehicleType: DEFAULT_VEHICLE_TYPE,
    accountCode: null,
    notes: '',
    times: [nextDay(defaultPickupTime(new Date()))],
  };
}
