import type { Booking, UpdateBookingInput } from '../../../../domain/bookings/api';
import { toWallTime, wallTimeToIso } from '../../../../domain/bookings/wall-time';
import { isChargedBooking, repricedFareCents } from '../../../../domain/bookings/booking-fare';
import { DEFAULT_TARIFFS } from '../../../../domain/fares';
import { dollarsToCents } from '../../../../domain/format';
import {
  bookingToFormValues,
  type BookingFormValues,
  type RouteMeasure,
} from './booking-form-state';

// Edit Booking's comparisons of a saved booking with the form: what Save
// sends (only what the form changed), whether the server prices it again,
// and whether a newer version of the booking changes what the form shows.

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
