import type { PlannedRoute, ResolvedPlace } from '../../maps/types';
import type { TripOptions } from './trip-options';
import {
  parseTripSearchParams,
  toTripOptionsSearchParams,
  toTripSearchParams,
  type TripPlace,
} from './trip-params';

/**
 * The calculator as the visitor left it, kept in sessionStorage (this tab
 * only) for the history entry it was on: Back from /book, Forward, or a
 * reload of that entry puts it back; a new visit to /calculator starts
 * empty. Written as a Book Now query string and read back through the same
 * parser, so a stored value of an older build is checked like a hand-edited
 * link.
 */
const STORAGE_KEY = 'perth-chauffeur-ops:calculator';

type Stored = {
  /** The history entry's key (React Router's location.key). */
  entry: string;
  trip: string;
  isEstimate: boolean;
};

export type CalculatorSnapshot = {
  options: TripOptions;
  /** The priced route; its line on the map is not kept. */
  route: PlannedRoute | null;
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage turned off in the browser: the calculator is not kept.
    return null;
  }
}

function resolved(place: TripPlace | null): ResolvedPlace | null {
  if (!place || place.lat === undefined || place.lng === undefined) return null;
  return { address: place.address, lat: place.lat, lng: place.lng };
}

export function saveCalculatorSnapshot(entry: string, snapshot: CalculatorSnapshot): void {
  const { options, route } = snapshot;
  const trip = route
    ? toTripSearchParams({
        pickup: route.pickup,
        dropoff: route.dropoff,
        stops: route.stops,
        options,
        route: { distanceMeters: route.distanceMeters, durationSeconds: route.durationSeconds },
      })
    : toTripOptionsSearchParams(options);
  const stored: Stored = { entry, trip: trip.toString(), isEstimate: route?.isEstimate ?? false };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Full or refused: the calculator is simply not kept.
  }
}

/** What the calculator held on this history entry, or null. */
export function loadCalculatorSnapshot(entry: string): CalculatorSnapshot | null {
  const text = storage()?.getItem(STORAGE_KEY);
  if (!text) return null;
  let stored: Partial<Stored>;
  try {
    stored = JSON.parse(text) as Partial<Stored>;
  } catch {
    return null;
  }
  if (stored.entry !== entry || typeof stored.trip !== 'string') return null;
  const link = parseTripSearchParams(new URLSearchParams(stored.trip));
  const pickup = resolved(link.pickup);
  const dropoff = resolved(link.dropoff);
  const stops = link.stops.map(resolved);
  const route =
    pickup && dropoff && link.route && stops.every((stop) => stop !== null)
      ? {
          ...link.route,
          pickup,
          dropoff,
          stops: stops.filter((stop) => stop !== null),
          geometry: [],
          isEstimate: stored.isEstimate === true,
        }
      : null;
  return { options: link.options, route };
}
