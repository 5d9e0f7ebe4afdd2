import type { LatLngTuple, PlannedRoute, ResolvedPlace } from '../../maps/types';
import type { TripOptions } from './trip-options';
import { forgetTabRecord, readTabRecord, writeTabRecord } from '../../../lib/tab-storage';
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
 *
 * The route's line is kept with it, so Back shows the very route the fare
 * was priced on; it is not asked of the maps service again, whose answer
 * could differ from the fare on screen (decision 147).
 */
const STORAGE_KEY = 'perth-chauffeur-ops:calculator';

type Stored = {
  /** The history entry's key (React Router's location.key). */
  entry: string;
  /** The page load it was written in (performance.timeOrigin). Absent from a value of an older build. */
  document?: number;
  trip: string;
  isEstimate: boolean;
  /** The route's line, [lat, lng] pairs. Absent from a value of an older build. */
  geometry?: LatLngTuple[];
};

export type CalculatorSnapshot = {
  options: TripOptions;
  /** The priced route, its line included (empty when a value of an older build had none). */
  route: PlannedRoute | null;
};

function isLatLng(value: unknown): value is LatLngTuple {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [lat, lng] = value as unknown[];
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
  );
}

/** A stored line as is, or none when anything in it is not a point. */
function readGeometry(value: unknown): LatLngTuple[] {
  return Array.isArray(value) && value.every(isLatLng) ? value : [];
}

function write(stored: Stored): boolean {
  return writeTabRecord(STORAGE_KEY, stored);
}

function resolved(place: TripPlace | null): ResolvedPlace | null {
  if (!place || place.lat === undefined || place.lng === undefined) return null;
  const { address, lat, lng, proof } = place;
  return { address, lat, lng, ...(proof ? { proof } : {}) };
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
  const stored: Stored = {
    entry,
    document: performance.timeOrigin,
    trip: trip.toString(),
    isEstimate: route?.isEstimate ?? false,
  };
  // A long route's line can be large: without it, the places, route and
  // fare are still put back. Failing both, the calculator is not kept (and
  // an earlier value of this entry must not come back in its place).
  if (route && route.geometry.length > 0 && write({ ...stored, geometry: route.geometry })) return;
  if (write(stored)) return;
  try {
    forgetTabRecord(STORAGE_KEY);
  } catch {
    // Refused: nothing was kept either.
  }
}

/**
 * Whether this page load shows an entry seen before: a reload, or Back and
 * Forward across page loads. Every fresh page load's first entry has the
 * same key ('default'), so a new visit typed or linked in the same tab would
 * otherwise get the last visit's calculator back.
 */
function isSameEntryAgain(): boolean {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (navigation as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

/** What the calculator held on this history entry, or null. */
export function loadCalculatorSnapshot(entry: string): CalculatorSnapshot | null {
  const stored: Partial<Record<keyof Stored, unknown>> | null = readTabRecord(STORAGE_KEY);
  if (!stored || stored.entry !== entry || typeof stored.trip !== 'string') return null;
  if (stored.document !== performance.timeOrigin && !isSameEntryAgain()) return null;
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
          geometry: readGeometry(stored.geometry),
          isEstimate: stored.isEstimate === true,
        }
      : null;
  return { options: link.options, route };
}
