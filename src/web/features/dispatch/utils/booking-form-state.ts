import { countBookingPassengers } from '../../../../domain/vehicles/capacity';
import { DEFAULT_VEHICLE_TYPE, type VehicleType } from '../../../../domain/vehicles/vehicle-types';
import type {
  Booking,
  CreateBookingInput,
  UpdateBookingInput,
} from '../../../../domain/bookings/api';
import {
  defaultPickupTime,
  toWallTime,
  wallTimeToIso,
} from '../../../../domain/bookings/wall-time';
import { MAX_FARE_DOLLARS } from '../../../../domain/bookings/limits';
import { isChargedBooking, repricedFareCents } from '../../../../domain/bookings/booking-fare';
import { DEFAULT_TARIFFS } from '../../../../domain/fares';
import { dollarsToCents, formatAud } from '../../../../domain/format';
import type { DraftFieldNotes } from '../../../../domain/dispatch/parse-booking-text';
import { dropoffPoint, pickupPoint, pointAt } from '../../../../domain/maps/coordinates';

// The state of the dispatcher's New Booking panel (spec 2.12, 3 and 5): the
// form's values, how it opens, how a saved booking or a pasted draft fills it
// and what it sends to the bookings API. Only this panel holds this state;
// the rules it shares with the server (the booking schema, Perth wall-clock
// times) stay in src/domain/bookings.

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
    accountCode: booking.accountCode ?? '',
    isShuttle: false,
    stops: [],
    fareAmount: booking.fareAmount,
    isFareFromRoute: false,
    isFareTyped: false,
    pasteNotes: {},
  };
}

/** The form shows a pending and an assigned booking alike: a driver given or taken off changes nothing in it. */
function statusAsTheFormShowsIt(status: Booking['status']): Booking['status'] {
  return status === 'assigned' ? 'pending' : status;
}

/**
 * Whether a newer version of the booking being edited changes what Edit
 * Booking shows: a field, the fare set by hand, the measured route, or a
 * status the form treats apart (a journey started, completed, closed). A
 * change it does not show (a driver given, their Accept) leaves the
 * dispatcher's typing standing on the newer version; any other asks them to
 * reload first, since saving over it would overwrite what they never saw.
 */
export function changesWhatTheFormShows(opened: Booking, newer: Booking): boolean {
  const shown = (booking: Booking) =>
    JSON.stringify([
      bookingToFormValues(booking),
      statusAsTheFormShowsIt(booking.status),
      booking.fareSetByHand,
      booking.distanceMeters,
      booking.durationSeconds,
    ]);
  return shown(opened) !== shown(newer);
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
    accountCode: draft.accountCode ?? base.accountCode,
    isShuttle: draft.stops ? stops.length > 0 : base.isShuttle,
    stops: draft.stops ? stops : base.stops,
    pasteNotes: draft.fieldNotes ?? base.pasteNotes,
  };
}

/**
 * The body of PATCH /api/bookings/:id: only what the form changed. Coordinates
 * travel with their address; a new route's measurements ride along.
 */
export function changedBookingFields(
  values: BookingFormValues,
  booking: Booking,
  route: RouteMeasure | null = null,
): UpdateBookingInput {
  const changes: UpdateBookingInput = {};
  const pickupLocation = values.pickupLocation.trim();
  const dropoffLocation = values.dropoffLocation.trim();
  if (
    pickupLocation !== booking.pickupLocation ||
    values.pickupLat !== booking.pickupLat ||
    values.pickupLng !== booking.pickupLng
  ) {
    changes.pickupLocation = pickupLocation;
    if (values.pickupLat !== null && values.pickupLng !== null) {
      changes.pickupLat = values.pickupLat;
      changes.pickupLng = values.pickupLng;
    }
  }
  if (
    dropoffLocation !== booking.dropoffLocation ||
    values.dropoffLat !== booking.dropoffLat ||
    values.dropoffLng !== booking.dropoffLng
  ) {
    changes.dropoffLocation = dropoffLocation;
    if (values.dropoffLat !== null && values.dropoffLng !== null) {
      changes.dropoffLat = values.dropoffLat;
      changes.dropoffLng = values.dropoffLng;
    }
  }
  // Compared as the form shows it: a stored time with milliseconds (an online
  // or imported booking) is not changed by opening it (decision 89 refuses
  // any change but the notes of a cancelled booking).
  if (values.pickupTime !== toWallTime(booking.pickupTime)) {
    changes.pickupTime = wallTimeToIso(values.pickupTime);
  }
  if (values.numPassengers !== booking.numPassengers) changes.numPassengers = values.numPassengers;
  if (values.numSuitcases !== booking.numSuitcases) changes.numSuitcases = values.numSuitcases;
  if (values.wheelchairPassengers !== booking.wheelchairPassengers) {
    changes.wheelchairPassengers = values.wheelchairPassengers;
  }
  if (values.childSeats !== booking.childSeats) changes.childSeats = values.childSeats;
  if (values.assistanceNeeds.trim() !== booking.assistanceNeeds) {
    changes.assistanceNeeds = values.assistanceNeeds.trim();
  }
  if (values.notes !== booking.notes) changes.notes = values.notes;
  if (values.passengerName.trim() !== booking.passengerName) {
    changes.passengerName = values.passengerName.trim();
  }
  if (values.phone.trim() !== booking.phone) changes.phone = values.phone.trim();
  if (values.vehicleType !== booking.vehicleType) changes.vehicleType = values.vehicleType;
  if (values.accountCode.trim() !== (booking.accountCode ?? '') && values.accountCode.trim()) {
    changes.accountCode = values.accountCode.trim();
  }
  // Only a fare the dispatcher changed is sent: a fare sent is a fare set by
  // hand, which later route edits keep (decision 94). Use route price sends
  // no fare: the server prices the trip (decision 104).
  if (values.isFareFromRoute) {
    if (booking.fareSetByHand) changes.fareSetByHand = false;
  } else if (
    typeof values.fareAmount === 'number' &&
    dollarsToCents(values.fareAmount) !== dollarsToCents(booking.fareAmount)
  ) {
    changes.fareAmount = values.fareAmount;
  }
  const placesChanged = 'pickupLocation' in changes || 'dropoffLocation' in changes;
  if (route && placesChanged) {
    changes.distanceMeters = Math.round(route.distanceMeters);
    changes.durationSeconds = Math.round(route.durationSeconds);
  }
  // A fare typed back to the saved figure goes with the other changes: unsent,
  // a new route, vehicle or child seat count would price the trip again
  // (decision 87) over the figure the dispatcher typed. Alone it changes nothing.
  if (
    values.isFareTyped &&
    !values.isFareFromRoute &&
    typeof values.fareAmount === 'number' &&
    changes.fareAmount === undefined &&
    Object.keys(changes).length > 0
  ) {
    changes.fareAmount = values.fareAmount;
  }
  return changes;
}

/**
 * Whether saving the form has the server price the booking's fare from the
 * route again: a new route, vehicle or child seat count of a priced fare
 * (decision 87), or Use route price on a hand-set one (decision 104); never
 * a fare set by hand (decision 94) or one typed in this edit. The server's
 * own rule, asked with the body this form sends.
 */
export function isPricedOnSave(
  values: BookingFormValues,
  booking: Booking,
  route: RouteMeasure | null = null,
): boolean {
  // The pickup time prices nothing, and one being typed ('') is no time to send.
  const pricedValues = { ...values, pickupTime: toWallTime(booking.pickupTime) };
  const edits = changedBookingFields(pricedValues, booking, route);
  const priced = { ...booking, isCharged: isChargedBooking(booking.shuttleSequence) };
  // Whether, not how much: the panel shows the route quote, priced by the
  // server with the tariffs in force, which this page does not hold.
  return repricedFareCents(priced, edits, DEFAULT_TARIFFS) !== null;
}
