import { countBookingPassengers } from '../../../../domain/vehicles/capacity';
import {
  DEFAULT_VEHICLE_TYPE,
  isVehicleType,
  type VehicleType,
} from '../../../../domain/vehicles/vehicle-types';
import type { Booking, CreateBookingInput } from '../../../../domain/bookings/api';
import {
  defaultPickupTime,
  toWallTime,
  wallTimeToIso,
} from '../../../../domain/bookings/wall-time';
import { MAX_FARE_DOLLARS } from '../../../../domain/bookings/limits';
import { dollarsToCents, formatAud } from '../../../../domain/format';
import type { DraftFieldNotes } from '../../../../domain/dispatch/parse-booking-text';
import { dropoffPoint, pickupPoint, pointAt } from '../../../../domain/maps/coordinates';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';
import type { CustomerMatch } from '../api/search-customers';

// The state of the dispatcher's New Booking panel (spec 2.12, 3 and 5): the
// form's values, how it opens, how a saved booking or a pasted draft fills it
// and what it sends to the bookings API. Only this panel holds this state;
// the rules it shares with the server (the booking schema, Perth wall-clock
// times) stay in src/domain/bookings. Edit Booking's comparisons of a saved
// booking with the form are in booking-form-changes.

export const MIN_STOP_PASSENGERS = 1;

export type StopType = 'pickup' | 'dropoff';

/** Spec 3: id 'stop-N', location, passengers, type, status pending. */
export type BookingFormStop = {
  id: string;
  location: string;
  lat: number | null;
  lng: number | null;
  passengers: number;
  type: StopType;
  status: 'pending';
};

export type BookingFormValues = {
  pickupLocation: string;
  pickupLat: number | null;
  pickupLng: number | null;
  dropoffLocation: string;
  dropoffLat: number | null;
  dropoffLng: number | null;
  passengerName: string;
  phone: string;
  /** Set when a customer was chosen from the phone lookup. */
  customerId: string | null;
  numPassengers: number;
  numSuitcases: number;
  /** Of numPassengers, those seated in their wheelchair. */
  wheelchairPassengers: number;
  /** Child seats to fit, 0-4. */
  childSeats: number;
  /** What help the passengers need, in a few words, or empty. */
  assistanceNeeds: string;
  /** Perth wall-clock time, 'YYYY-MM-DD HH:mm:ss' (what the date-time picker holds). */
  pickupTime: string;
  /**
   * The pickup time is the dispatcher's: they set its date or time or
   * confirmed it, or it came with a saved booking or a pasted one. Until then
   * it is the default, now rounded up, and moves on as the clock passes it
   * (see defaultPickupPassesAt).
   */
  isPickupTimeSet: boolean;
  notes: string;
  vehicleType: VehicleType;
  /** Who chose the vehicle: a chosen customer's preference never replaces the dispatcher's choice. */
  vehicleTypeFrom: VehicleTypeSource;
  /** A corporate account's code, or empty. */
  accountCode: string;
  isShuttle: boolean;
  stops: BookingFormStop[];
  /**
   * Dollars, as the Fare field holds it (a string while it is not a number).
   * Null for a new booking: creation prices the trip from its route, and the
   * field is shown only to edit a saved booking's fare.
   */
  fareAmount: number | string | null;
  /**
   * Use route price was pressed on a hand-set fare: Save gives the fare back
   * to the route (`fareSetByHand: false`) instead of sending a typed one.
   */
  isFareFromRoute: boolean;
  /**
   * The dispatcher typed in the Fare field since the booking was opened: the
   * field then shows what was typed, never the route's quote.
   */
  isFareTyped: boolean;
  /**
   * What Paste Booking says at a field it filled with other than the text
   * asked for ('Pax: 9' fills Passengers with 7); each goes when the
   * dispatcher changes its field.
   */
  pasteNotes: PasteNotes;
};

/**
 * Paste Booking's notes at the fields it filled: the text's own
 * (DraftFieldNotes), and whether each pasted address was found on the map
 * (usePastedPlaces).
 */
export type PasteNotes = DraftFieldNotes &
  Partial<Record<'pickupLocation' | 'dropoffLocation', string>>;

/**
 * Where the Vehicle Type came from: the form's default, the chosen customer's
 * preferred vehicle, or the dispatcher (by hand, or with the saved or pasted
 * booking that named it).
 */
export type VehicleTypeSource = 'default' | 'customer' | 'dispatcher';

/** A booking draft from another tool, with Paste Booking's notes for the fields it fills. */
export type BookingFormDraft = Partial<CreateBookingInput> & { fieldNotes?: DraftFieldNotes };

/** The route's measurements, when a route through the form's places is known. */
export type RouteMeasure = { distanceMeters: number; durationSeconds: number };

/** The form as it opens, and after a successful submit or a reset. */
export function emptyBookingForm(now: Date): BookingFormValues {
  return {
    pickupLocation: '',
    pickupLat: null,
    pickupLng: null,
    dropoffLocation: '',
    dropoffLat: null,
    dropoffLng: null,
    passengerName: '',
    phone: '',
    customerId: null,
    numPassengers: 1,
    numSuitcases: 0,
    wheelchairPassengers: 0,
    childSeats: 0,
    assistanceNeeds: '',
    pickupTime: defaultPickupTime(now),
    isPickupTimeSet: false,
    notes: '',
    vehicleType: DEFAULT_VEHICLE_TYPE,
    vehicleTypeFrom: 'default',
    accountCode: '',
    isShuttle: false,
    stops: [],
    fareAmount: null,
    isFareFromRoute: false,
    isFareTyped: false,
    pasteNotes: {},
  };
}

/** The next stop's id: 'stop-N', one past the highest in use, so ids never repeat in a list. */
export function nextStopId(stops: readonly { id: string }[]): string {
  const highest = stops.reduce((max, stop) => {
    const number = Number(/^stop-(\d+)$/.exec(stop.id)?.[1] ?? 0);
    return Math.max(max, number);
  }, 0);
  return `stop-${highest + 1}`;
}

export function newStop(stops: readonly { id: string }[]): BookingFormStop {
  return {
    id: nextStopId(stops),
    location: '',
    lat: null,
    lng: null,
    passengers: MIN_STOP_PASSENGERS,
    type: 'pickup',
    status: 'pending',
  };
}

/** Spec 2.12: Total Passengers (main plus every stop) and Number of Stops (extra stops plus one). */
export function shuttleRunSummary(
  mainPassengers: number,
  stops: readonly { passengers: number }[],
): { totalPassengers: number; numberOfStops: number } {
  return {
    totalPassengers: countBookingPassengers({ mainPassengers, stops, isShuttle: true }),
    numberOfStops: stops.length + 1,
  };
}

/**
 * The vehicle as the customer now linked leaves it (`preferred`: their
 * preferred vehicle type; null with none, or no customer): applied unless the
 * dispatcher chose the vehicle, and gone with the customer who preferred it,
 * so a vehicle no one asked for is never left looking chosen.
 */
function vehicleForCustomer(
  values: Pick<BookingFormValues, 'vehicleTypeFrom'>,
  preferred: string | null,
): Partial<Pick<BookingFormValues, 'vehicleType' | 'vehicleTypeFrom'>> {
  if (values.vehicleTypeFrom === 'dispatcher') return {};
  if (preferred !== null && isVehicleType(preferred)) {
    return { vehicleType: preferred, vehicleTypeFrom: 'customer' };
  }
  if (values.vehicleTypeFrom === 'customer') {
    return { vehicleType: DEFAULT_VEHICLE_TYPE, vehicleTypeFrom: 'default' };
  }
  return {};
}

/**
 * The fields a customer chosen from the phone lookup fills: their name and
 * phone, the link to their record, and their preferred vehicle (see
 * vehicleForCustomer).
 */
export function withChosenCustomer(
  values: BookingFormValues,
  customer: CustomerMatch,
): Partial<BookingFormValues> {
  return {
    passengerName: `${customer.firstName} ${customer.lastName}`.trim(),
    // As the lists show it; the server stores it in E.164 again.
    phone: customer.phone ? phoneForDisplay(customer.phone) : values.phone,
    customerId: customer.id,
    ...vehicleForCustomer(values, customer.preferredVehicleType),
  };
}

/** The fields a phone typed by hand changes: no customer is linked any more, nor their preference. */
export function withTypedPhone(
  values: BookingFormValues,
  phone: string,
): Partial<BookingFormValues> {
  return { phone, customerId: null, ...vehicleForCustomer(values, null) };
}

/** The body of POST /api/bookings. Stops go in the list's order, and only in shuttle mode. */
export function toCreateBookingInput(
  values: BookingFormValues,
  route: RouteMeasure | null = null,
): CreateBookingInput {
  const pickup = pickupPoint(values);
  const dropoff = dropoffPoint(values);
  return {
    pickupLocation: values.pickupLocation.trim(),
    dropoffLocation: values.dropoffLocation.trim(),
    pickupTime: wallTimeToIso(values.pickupTime),
    numPassengers: values.numPassengers,
    numSuitcases: values.numSuitcases,
    wheelchairPassengers: values.wheelchairPassengers,
    childSeats: values.childSeats,
    assistanceNeeds: values.assistanceNeeds.trim(),
    notes: values.notes,
    passengerName: values.passengerName.trim(),
    phone: values.phone.trim(),
    vehicleType: values.vehicleType,
    ...(values.customerId ? { customerId: values.customerId } : {}),
    ...(values.accountCode.trim() ? { accountCode: values.accountCode.trim() } : {}),
    ...(pickup ? { pickupLat: pickup.lat, pickupLng: pickup.lng } : {}),
    ...(dropoff ? { dropoffLat: dropoff.lat, dropoffLng: dropoff.lng } : {}),
    ...(route
      ? {
          distanceMeters: Math.round(route.distanceMeters),
          durationSeconds: Math.round(route.durationSeconds),
        }
      : {}),
    ...(values.isShuttle && values.stops.length > 0
      ? {
          stops: values.stops.map((stop) => {
            const at = pointAt(stop.lat, stop.lng);
            return {
              location: stop.location.trim(),
              passengers: stop.passengers,
              type: stop.type,
              ...(at ? { lat: at.lat, lng: at.lng } : {}),
            };
          }),
        }
      : {}),
  };
}

/** A saved booking in the form, for editing. */
export function bookingToFormValues(booking: Booking): BookingFormValues {
  return {
    pickupLocation: booking.pickupLocation,
    pickupLat: booking.pickupLat,
    pickupLng: booking.pickupLng,
    dropoffLocation: booking.dropoffLocation,
    dropoffLat: booking.dropoffLat,
    dropoffLng: booking.dropoffLng,
    passengerName: booking.passengerName,
    phone: booking.phone,
    customerId: booking.customer?.id ?? null,
    numPassengers: booking.numPassengers,
    numSuitcases: booking.numSuitcases,
    wheelchairPassengers: booking.wheelchairPassengers,
    childSeats: booking.childSeats,
    assistanceNeeds: booking.assistanceNeeds,
    pickupTime: toWallTime(booking.pickupTime),
    isPickupTimeSet: true,
    notes: booking.notes,
    vehicleType: booking.vehicleType,
    vehicleTypeFrom: 'dispatcher',
    accountCode: booking.accountCode ?? '',
    isShuttle: false,
    stops: [],
    fareAmount: booking.fareAmount,
    isFareFromRoute: false,
    isFareTyped: false,
    pasteNotes: {},
  };
}

/**
 * Why the Fare field's value cannot be saved, or null when it can (or when
 * the form has no Fare field: a new booking). The server's limits
 * (UpdateBookingInputSchema), said before the request.
 */
export function fareError(value: BookingFormValues['fareAmount']): string | null {
  if (value === null) return null;
  if (value === '') return 'Enter the fare';
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < 0 ||
    value > MAX_FARE_DOLLARS
  ) {
    return `Enter a fare from ${formatAud(0)} to ${formatAud(dollarsToCents(MAX_FARE_DOLLARS))}`;
  }
  return null;
}

/** A draft with a place (Paste Booking's) is a new booking; one without (Account Code's) is not. */
export function isNewBookingDraft(draft: Partial<CreateBookingInput>): boolean {
  return draft.pickupLocation !== undefined || draft.dropoffLocation !== undefined;
}

/**
 * A draft from another tool. A draft with a place (Paste Booking) is a new
 * booking and starts from an empty form; one without (Account Code) fills
 * its fields into the form as it is. Fields the draft does not name keep
 * their values; a pickup time it names is the dispatcher's, as if typed.
 */
export function draftToFormValues(
  draft: BookingFormDraft,
  now: Date,
  current: BookingFormValues = emptyBookingForm(now),
): BookingFormValues {
  const base = isNewBookingDraft(draft) ? emptyBookingForm(now) : current;
  const stops = (draft.stops ?? []).reduce<BookingFormStop[]>((list, stop) => {
    list.push({
      id: nextStopId(list),
      location: stop.location,
      lat: stop.lat ?? null,
      lng: stop.lng ?? null,
      passengers: stop.passengers,
      type: stop.type,
      status: 'pending',
    });
    return list;
  }, []);
  return {
    ...base,
    pickupLocation: draft.pickupLocation ?? base.pickupLocation,
    pickupLat: draft.pickupLocation === undefined ? base.pickupLat : (draft.pickupLat ?? null),
    pickupLng: draft.pickupLocation === undefined ? base.pickupLng : (draft.pickupLng ?? null),
    dropoffLocation: draft.dropoffLocation ?? base.dropoffLocation,
    dropoffLat: draft.dropoffLocation === undefined ? base.dropoffLat : (draft.dropoffLat ?? null),
    dropoffLng: draft.dropoffLocation === undefined ? base.dropoffLng : (draft.dropoffLng ?? null),
    passengerName: draft.passengerName ?? base.passengerName,
    phone: draft.phone ?? base.phone,
    customerId: draft.customerId ?? (draft.phone === undefined ? base.customerId : null),
    numPassengers: draft.numPassengers ?? base.numPassengers,
    numSuitcases: draft.numSuitcases ?? base.numSuitcases,
    wheelchairPassengers: draft.wheelchairPassengers ?? base.wheelchairPassengers,
    childSeats: draft.childSeats ?? base.childSeats,
    assistanceNeeds: draft.assistanceNeeds ?? base.assistanceNeeds,
    pickupTime: draft.pickupTime ? toWallTime(draft.pickupTime) : base.pickupTime,
    isPickupTimeSet: draft.pickupTime ? true : base.isPickupTimeSet,
    notes: draft.notes ?? base.notes,
    vehicleType: draft.vehicleType ?? base.vehicleType,
    vehicleTypeFrom: draft.vehicleType ? 'dispatcher' : base.vehicleTypeFrom,
    accountCode: draft.accountCode ?? base.accountCode,
    isShuttle: draft.stops ? stops.length > 0 : base.isShuttle,
    stops: draft.stops ? stops : base.stops,
    pasteNotes: draft.fieldNotes ?? base.pasteNotes,
  };
}
