import { foldAccents } from '../format/fold-accents';
import { withoutCountry } from './address-text';
import { haversineMeters } from './haversine';
import type { LatLng } from './lat-lng';

/** An address as a form holds it: the text, and its coordinates once chosen from the suggestions. */
export type PlaceOnForm = { text: string; lat?: number | null; lng?: number | null };

/**
 * Two points this close are one place: two providers, or a suggestion and a
 * saved booking, put one building a few metres apart. Next-door houses are
 * further apart than this.
 */
export const SAME_PLACE_METERS = 10;

/** Under the dispatcher's Destination field (New Booking and Edit Booking). */
export const SAME_PLACE_DESTINATION_WARNING =
  "Same place as the pickup. Right for a round trip or an 'as directed' hire, but the route has no distance to price, so check the fare. Otherwise, correct the destination.";

/** Under a customer's Dropoff field (/book, the calculator) and on /book's quoted trip. */
export const SAME_PLACE_DROPOFF_WARNING =
  'The pickup and dropoff are the same place. For a return trip, add the places you will visit as stops, so the fare covers the whole drive.';

/**
 * An address's text as search compares places (decision 92 and the Search
 * screen's locations): accents, case, spacing and a trailing ', Australia'
 * (withoutCountry: addresses chosen before it was dropped carry it) aside.
 */
export function placeTextKey(text: string): string {
  const trimEnd = (value: string) => value.replace(/[\s,.]+$/, '');
  const spaced = foldAccents(text)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?, ?/g, ', ')
    .trim();
  return trimEnd(withoutCountry(trimEnd(spaced)));
}

function pointOf({ lat, lng }: PlaceOnForm): LatLng | null {
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
}

/** The same text (placeTextKey), or both chosen on the map within SAME_PLACE_METERS. */
export function isSamePlace(a: PlaceOnForm, b: PlaceOnForm): boolean {
  const aKey = placeTextKey(a.text);
  if (aKey === '') return false;
  if (aKey === placeTextKey(b.text)) return true;
  const [from, to] = [pointOf(a), pointOf(b)];
  return from !== null && to !== null && haversineMeters(from, to) <= SAME_PLACE_METERS;
}

/**
 * A trip that ends where it starts with no stop between: a round trip, an 'as
 * directed' hire, or a slip of the dispatcher's hand. Legitimate, so it is
 * warned of, never refused; its route has no length, so its price is the
 * minimum fare. A stop between (a shuttle run, a visit on the way) makes the
 * loop a real route, and nothing is said.
 */
export function endsWhereItStarts(trip: {
  pickup: PlaceOnForm;
  dropoff: PlaceOnForm;
  /** Only their text counts: a blank stop row is no stop. */
  stops?: readonly { text: string }[];
}): boolean {
  const hasStop = (trip.stops ?? []).some((stop) => stop.text.trim() !== '');
  return !hasStop && isSamePlace(trip.pickup, trip.dropoff);
}
