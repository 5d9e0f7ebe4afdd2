import type { VehicleType } from '../../vehicles/vehicle-types';
import { hasReadableText, type CreateBookingInput } from '../../bookings/api';
import { MAX_PASSENGERS, MIN_PASSENGERS } from '../../bookings/limits';
import { DEFAULT_TIME_ZONE } from '../../settings/business-defaults';
import { findAccountCode } from './account-code';
import { findPlaces, type Place } from './addresses';
import { findChildSeats } from './child-seats';
import { fitChildSeats, fitPassengers, fitSuitcases } from './counts';
import { findDates } from './dates';
import { findEmail } from './email';
import { findFlightNumber } from './flight-number';
import { splitReturnTrip, stripMailHeaders } from './mail';
import { findName } from './name';
import { findPassengers } from './passengers';
import { findPhone } from './phone';
import { chooseDate, dateMismatch, describeTime, resolvePickupTime } from './pickup-time';
import { findSuitcases } from './suitcases';
import { clean } from './text';
import { chooseTime, findTimes } from './times';
import { findVehicle } from './vehicle';

/**
 * Paste Booking: reads a booking request written by a person (an email from
 * a hotel concierge, a PA, a returning client) into a draft for the New
 * Booking form. It never books: the dispatcher checks the draft, so each rule
 * prefers leaving a field empty (and saying so) over guessing wildly.
 *
 * Each extractor (name, phone, addresses, dates, ...) has its own file in
 * this folder; this file runs them in order and reports what each found.
 */

export type BookingTextDraft = Partial<CreateBookingInput> & { flightNumber?: string };

/**
 * What the form says at a field the draft fills with other than the text
 * wrote ('Pax: 9' fills Passengers with 7), or leaves at its own value when
 * the text gave one it could not take (a date without a time): the
 * 'Not recognised' list is read once, the field whenever it is looked at.
 */
export type DraftFieldNotes = Partial<
  Record<'numPassengers' | 'numSuitcases' | 'childSeats' | 'pickupTime', string>
>;

export type ParsedBookingText = {
  draft: BookingTextDraft;
  /** What was recognised, one line each ('Passenger: Jane Smith'). */
  found: string[];
  /** What could not be recognised ('Could not find a pickup time'). */
  missing: string[];
  fieldNotes: DraftFieldNotes;
};

export const DEFAULT_PASTE_TIME_ZONE = DEFAULT_TIME_ZONE;

/** A place as the dispatcher reads it: an airport terminal the text did not name says so. */
function describePlace(place: Place): string {
  return place.terminalGuess === null
    ? place.address
    : `${place.address} (terminal guessed, ${place.terminalGuess})`;
}

/**
 * Reads a pasted booking request. Pure: the same text and `now` give the same
 * draft. Dates without a year are the next occurrence that is not in the
 * past; times are wall-clock times in `timeZone`.
 */
export function parseBookingText(
  text: string,
  now: Date,
  timeZone: string = DEFAULT_PASTE_TIME_ZONE,
): ParsedBookingText {
  const normalized = stripMailHeaders(
    text.replace(/\r\n?/g, '\n').replace(/[\u00a0\u2009\u202f]/g, ' '),
  );
  const { outward, returnText } = splitReturnTrip(normalized);
  const draft: BookingTextDraft = {};
  const found: string[] = [];
  const missing: string[] = [];
  const fieldNotes: DraftFieldNotes = {};

  // The places are read first: a name inside one is the place's.
  const flightNumber = findFlightNumber(outward);
  // A place with no letter or digit ('!<') is no address: the booking rules refuse it.
  const places = findPlaces(outward, flightNumber);
  const readable = (place: Place | null) =>
    place && hasReadableText(place.address) ? place : null;
  const pickup = readable(places.pickup);
  const dropoff = readable(places.dropoff);

  const returnPlaces = returnText ? findPlaces(returnText, null) : null;
  const name = findName(
    normalized,
    [pickup, dropoff, returnPlaces?.pickup, returnPlaces?.dropoff]
      .filter((place) => place != null)
      .map((place) => place.address),
  );
  if (name) {
    draft.passengerName = name;
    found.push(`Passenger: ${name}`);
  } else missing.push('Could not find a passenger name');

  const phone = findPhone(normalized);
  if (phone) {
    draft.phone = phone;
    found.push(`Phone: ${phone}`);
  } else missing.push('Could not find a phone number');

  const email = findEmail(normalized);
  if (email) {
    draft.email = email;
    found.push(`Email: ${email}`);
  }

  const accountCode = findAccountCode(normalized);
  if (accountCode) {
    draft.accountCode = accountCode;
    found.push(`Account: ${accountCode}`);
  }

  if (flightNumber) {
    draft.flightNumber = flightNumber;
    found.push(`Flight: ${flightNumber}`);
  }

  if (pickup) {
    draft.pickupLocation = pickup.address;
    found.push(`Pickup: ${describePlace(pickup)}`);
  } else missing.push('Could not find a pickup address');
  if (dropoff) {
    draft.dropoffLocation = dropoff.address;
    found.push(`Destination: ${describePlace(dropoff)}`);
  } else missing.push('Could not find a destination');

  const dates = findDates(outward);
  const time = chooseTime(outward, findTimes(outward, dates));
  const date = chooseDate(outward, dates, time);
  if (!date) missing.push('Could not find a pickup date');
  if (!time) missing.push('Could not find a pickup time');
  // The form keeps its own pickup time: the day the text gave is not in it.
  if (date && !time) {
    fieldNotes.pickupTime = `The text says ${outward.slice(date.index, date.end)} but gives no time`;
  }
  const pickupTime = time
    ? resolvePickupTime(date?.value ?? null, time.value, now, timeZone)
    : null;
  if (pickupTime) {
    draft.pickupTime = pickupTime.toISOString();
    found.push(`Pickup time: ${describeTime(pickupTime)}${date ? '' : ' (next occurrence)'}`);
    if (pickupTime.getTime() < now.getTime()) missing.push('The pickup time has already passed');
    const mismatch = dateMismatch(outward, dates, date, pickupTime, now, timeZone);
    if (mismatch) {
      missing.push(mismatch);
      fieldNotes.pickupTime = mismatch;
    }
  }

  const passengers = findPassengers(outward) ?? findPassengers(normalized);
  if (passengers !== null) {
    const fitted = fitPassengers(passengers);
    draft.numPassengers = fitted.count;
    found.push(`Passengers: ${passengers}`);
    if (passengers > MAX_PASSENGERS) {
      missing.push(`${passengers} passengers need more than one vehicle`);
    } else if (fitted.note) missing.push(fitted.note);
    if (fitted.note) fieldNotes.numPassengers = fitted.note;
  }
  const suitcases = findSuitcases(outward) ?? findSuitcases(normalized);
  if (suitcases !== null) {
    const fitted = fitSuitcases(suitcases);
    draft.numSuitcases = fitted.count;
    found.push(`Suitcases: ${suitcases}`);
    if (fitted.note) {
      missing.push(fitted.note);
      fieldNotes.numSuitcases = fitted.note;
    }
  }
  const vehicleType: VehicleType | null = findVehicle(outward, passengers, suitcases);
  if (vehicleType) {
    draft.vehicleType = vehicleType;
    found.push(`Vehicle: ${vehicleType}`);
  }

  const notes: string[] = [];
  if (flightNumber) notes.push(`Flight ${flightNumber}`);
  const childSeats = findChildSeats(outward) ?? findChildSeats(normalized);
  if (childSeats) {
    notes.push('Child seat requested');
    if (childSeats.count === null) {
      found.push('Child seat requested');
      const unsaid = 'The text asks for child seats but not how many';
      missing.push(unsaid);
      fieldNotes.childSeats = unsaid;
    } else {
      // Seats are counted among the passengers: the form's own count when the text has none.
      const fitted = fitChildSeats(childSeats.count, draft.numPassengers ?? MIN_PASSENGERS);
      draft.childSeats = fitted.count;
      found.push(`Child seats: ${childSeats.count}`);
      if (fitted.note) {
        missing.push(fitted.note);
        fieldNotes.childSeats = fitted.note;
      }
    }
  }
  if (returnText) {
    const firstSentence = clean(returnText.split(/\n|(?<=[.!?])\s+/)[0] ?? '');
    notes.push(`Return trip: ${firstSentence}`);
    found.push('Return trip (book it separately)');
  }
  if (notes.length > 0) draft.notes = notes.join('\n');

  return { draft, found, missing, fieldNotes };
}
