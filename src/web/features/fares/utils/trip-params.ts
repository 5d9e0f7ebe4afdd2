import { MAX_QUOTE_DISTANCE_METERS, MAX_QUOTE_DURATION_SECONDS } from '../../../../domain/fares';
import { MAX_SUITCASES } from '../../../../domain/bookings/limits';
import { MAX_STOPOVERS } from '../../../../domain/maps';
import { isVehicleType, selectVehicle } from '../../../../domain/vehicles';
import {
  DEFAULT_TRIP_OPTIONS,
  MAX_PASSENGERS,
  MIN_PASSENGERS,
  TRIP_OPTION_FLAGS,
  type TripOptions,
} from './trip-options';

/**
 * An address with coordinates when they are known (an external page may send
 * only text), and the server's proof of a place it gave (decision 210).
 */
export type TripPlace = { address: string; lat?: number; lng?: number; proof?: string };

export type TripRoute = { distanceMeters: number; durationSeconds: number };

/** A quoted trip as carried from the calculator to the booking page in the URL. */
export type TripLink = {
  pickup: TripPlace;
  dropoff: TripPlace;
  stops: TripPlace[];
  options: TripOptions;
  route: TripRoute;
};

/** What a booking page URL holds; pickup, dropoff and route only when sent. */
export type ParsedTripLink = {
  pickup: TripPlace | null;
  dropoff: TripPlace | null;
  stops: TripPlace[];
  options: TripOptions;
  route: TripRoute | null;
};

const MAX_ADDRESS_LENGTH = 300;
const TRUE = '1';

function setPlace(params: URLSearchParams, name: string, place: TripPlace) {
  params.set(name, place.address);
  if (place.lat !== undefined && place.lng !== undefined) {
    params.set(`${name}Lat`, String(place.lat));
    params.set(`${name}Lng`, String(place.lng));
    if (place.proof) params.set(`${name}Proof`, place.proof);
  }
}

/**
 * The Book Now query string: pickup, pickupLat, pickupLng, dropoff,
 * dropoffLat, dropoffLng, stops (JSON), vehicle, passengers, large, medium,
 * childSeats, the option flags ('1' when ticked), distanceMeters, durationSeconds.
 */
export function toTripSearchParams(trip: TripLink): URLSearchParams {
  const params = new URLSearchParams();
  setPlace(params, 'pickup', trip.pickup);
  setPlace(params, 'dropoff', trip.dropoff);
  if (trip.stops.length > 0) {
    params.set(
      'stops',
      JSON.stringify(
        trip.stops.map(({ address, lat, lng, proof }) => ({ address, lat, lng, proof })),
      ),
    );
  }
  toTripOptionsSearchParams(trip.options).forEach((value, key) => params.set(key, value));
  params.set('distanceMeters', String(Math.round(trip.route.distanceMeters)));
  params.set('durationSeconds', String(Math.round(trip.route.durationSeconds)));
  return params;
}

/** The options part of the Book Now query string (vehicle, passengers, ... the flags). */
export function toTripOptionsSearchParams(options: TripOptions): URLSearchParams {
  const params = new URLSearchParams();
  params.set('vehicle', options.vehicleType);
  params.set('passengers', String(options.passengers));
  params.set('large', String(options.largeSuitcases));
  params.set('medium', String(options.mediumSuitcases));
  if (options.childSeats) params.set('childSeats', TRUE);
  for (const flag of TRIP_OPTION_FLAGS) {
    if (options[flag]) params.set(flag, TRUE);
  }
  return params;
}

function readNumber(value: string | null | undefined, min: number, max: number): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= min && number <= max ? number : null;
}

/**
 * A count from the link; past its limits, the nearest limit: 25 suitcases
 * are read as the 20 a booking takes, not as none.
 */
function readInteger(value: string | null, min: number, max: number, fallback: number): number {
  const number = readNumber(value, -Infinity, Infinity);
  if (number === null || !Number.isInteger(number)) return fallback;
  return Math.min(Math.max(number, min), max);
}

function readFlag(value: string | null): boolean {
  return value === TRUE || value === 'true';
}

function readAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const address = value.trim();
  return address && address.length <= MAX_ADDRESS_LENGTH ? address : null;
}

function readCoordinate(value: unknown, limit: number): number | null {
  if (typeof value === 'number') return readNumber(String(value), -limit, limit);
  return typeof value === 'string' ? readNumber(value, -limit, limit) : null;
}

/** A proof as the server writes them (base64url); anything else is left out. */
function readProof(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w-]{1,64}$/.test(value) ? value : undefined;
}

function toPlace(
  address: string | null,
  lat: unknown,
  lng: unknown,
  proof: unknown,
): TripPlace | null {
  if (address === null) return null;
  const latitude = readCoordinate(lat, 90);
  const longitude = readCoordinate(lng, 180);
  if (latitude === null || longitude === null) return { address };
  const proven = readProof(proof);
  return { address, lat: latitude, lng: longitude, ...(proven ? { proof: proven } : {}) };
}

function readPlace(params: URLSearchParams, name: string): TripPlace | null {
  return toPlace(
    readAddress(params.get(name)),
    params.get(`${name}Lat`),
    params.get(`${name}Lng`),
    params.get(`${name}Proof`),
  );
}

function readStops(value: string | null): TripPlace[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .slice(0, MAX_STOPOVERS)
    .map((stop: unknown) => {
      if (typeof stop !== 'object' || stop === null) return null;
      const { address, lat, lng, proof } = stop as Record<string, unknown>;
      return toPlace(readAddress(address), lat, lng, proof);
    })
    .filter((stop) => stop !== null);
}

/**
 * Reads a Book Now link. Anything missing or malformed falls back to the
 * calculator's defaults, and a count out of range is brought to its limit, so
 * a hand-edited URL never breaks the page.
 */
export function parseTripSearchParams(params: URLSearchParams): ParsedTripLink {
  const options: TripOptions = {
    ...DEFAULT_TRIP_OPTIONS,
    passengers: readInteger(params.get('passengers'), MIN_PASSENGERS, MAX_PASSENGERS, 1),
    largeSuitcases: readInteger(params.get('large'), 0, MAX_SUITCASES, 0),
    mediumSuitcases: readInteger(params.get('medium'), 0, MAX_SUITCASES, 0),
    childSeats: readFlag(params.get('childSeats')),
  };
  for (const flag of TRIP_OPTION_FLAGS) options[flag] = readFlag(params.get(flag));
  const vehicle = params.get('vehicle');
  options.vehicleType = isVehicleType(vehicle) ? vehicle : selectVehicle(options);

  const distanceMeters = readNumber(params.get('distanceMeters'), 0, MAX_QUOTE_DISTANCE_METERS);
  const durationSeconds = readNumber(params.get('durationSeconds'), 0, MAX_QUOTE_DURATION_SECONDS);

  return {
    pickup: readPlace(params, 'pickup'),
    dropoff: readPlace(params, 'dropoff'),
    stops: readStops(params.get('stops')),
    options,
    route:
      distanceMeters === null || durationSeconds === null
        ? null
        : { distanceMeters, durationSeconds },
  };
}

/**
 * The Book Now address: the configured target with the trip appended. A path
 * ('/book') stays a path unless `absolute` is asked for (the widget runs in
 * an iframe on another site, so its link must name our origin).
 */
export function buildBookNowHref(
  bookNowUrl: string,
  trip: TripLink,
  {
    absolute = false,
    origin = window.location.origin,
  }: { absolute?: boolean; origin?: string } = {},
): string {
  const url = new URL(bookNowUrl, origin);
  toTripSearchParams(trip).forEach((value, key) => url.searchParams.set(key, value));
  if (isInternalUrl(bookNowUrl) && !absolute) return `${url.pathname}${url.search}${url.hash}`;
  return url.href;
}

/** A path on this site ('/book'), as opposed to an http(s) URL elsewhere. */
export function isInternalUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
