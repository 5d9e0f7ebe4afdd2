import { isVehicleType } from '../../../../domain/vehicles';
import {
  parseTripSearchParams,
  toTripSearchParams,
  type TripLink,
} from '../../fares/utils/trip-params';
import type { OnlineBooking } from '../api/create-online-booking';
import { quotedTripFrom } from './online-booking-input';
import { forgetTabRecord, readTabRecord, writeTabRecord } from '../../../lib/tab-storage';

/**
 * /book's confirmation survives a reload of the tab: a reload used to show
 * the empty form for the trip just booked, without its reference, and
 * sending it again booked the trip twice. Kept in sessionStorage (this tab
 * only) with the Book Now link it was booked from, until the customer starts
 * a new booking: Book another trip, or /book opened for another trip. The
 * trip is written as a Book Now query string and read back through the same
 * parser, so a value of an older build is checked like a hand-edited link.
 */
const STORAGE_KEY = 'perth-chauffeur-ops:book-confirmation';

/** A booking made on /book, and the trip as the customer booked it. */
export type BookedTrip = { booking: OnlineBooking; trip: TripLink };

type Stored = {
  /** The Book Now link's query string the booking was made from. */
  link: string;
  trip: string;
  booking: OnlineBooking;
};

const isText = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** The stored booking if it still has the shape the confirmation reads. */
function readBooking(value: unknown): OnlineBooking | null {
  if (typeof value !== 'object' || value === null) return null;
  const booking = value as Record<keyof OnlineBooking, unknown>;
  const isShaped =
    [
      booking.id,
      booking.reference,
      booking.status,
      booking.pickupTime,
      booking.pickupLocation,
      booking.dropoffLocation,
    ].every(isText) &&
    isVehicleType(booking.vehicleType) &&
    isNumber(booking.fareAmount) &&
    isNumber(booking.numPassengers) &&
    (booking.distanceMeters === null || isNumber(booking.distanceMeters)) &&
    (booking.durationSeconds === null || isNumber(booking.durationSeconds));
  return isShaped ? (booking as OnlineBooking) : null;
}

export function saveConfirmation(link: string, { booking, trip }: BookedTrip): void {
  const stored: Stored = { link, trip: toTripSearchParams(trip).toString(), booking };
  // Not kept (full or refused): a reload shows the form again, as before.
  writeTabRecord(STORAGE_KEY, stored);
}

export function clearConfirmation(): void {
  forgetTabRecord(STORAGE_KEY);
}

/** The booking made in this tab from this Book Now link, or null. */
export function loadConfirmation(link: string): BookedTrip | null {
  const stored: Partial<Record<keyof Stored, unknown>> | null = readTabRecord(STORAGE_KEY);
  if (!stored || stored.link !== link || !isText(stored.trip)) return null;
  const booking = readBooking(stored.booking);
  const trip = quotedTripFrom(parseTripSearchParams(new URLSearchParams(stored.trip)));
  return booking && trip ? { booking, trip } : null;
}
