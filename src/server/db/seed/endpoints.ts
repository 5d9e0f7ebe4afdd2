import { estimateLeg, haversineMeters, PERTH_CENTRE, type LatLng } from '../../../domain/maps';
import type { Random } from './random';
import {
  OFFICE_ADDRESSES,
  TRIP_PLACES,
  PERTH_SUBURBS,
  STREET_NAMES,
  type Place,
  type PlaceKind,
  type Suburb,
} from './perth-reference-data';

/** A pickup or drop-off: the address as a dispatcher types it, and where it is. */
export type Endpoint = LatLng & {
  address: string;
  kind: PlaceKind | 'street' | 'office';
  /** The place's short name for airport terminals and landmarks. */
  placeName: string | null;
};

const METERS_PER_DEGREE_LATITUDE = 111_320;

export type TripEstimate = { distanceMeters: number; durationSeconds: number };

/** The estimate the offline maps provider makes (DESIGN 3.2), so seeded trips read as new ones do. */
export function estimateTrip(from: LatLng, to: LatLng): TripEstimate {
  const { roadMeters, seconds } = estimateLeg(from, to);
  return { distanceMeters: Math.round(roadMeters), durationSeconds: Math.round(seconds) };
}

export function kmFromCbd(point: LatLng): number {
  return haversineMeters(PERTH_CENTRE, point) / 1000;
}

/** A point within `maxMeters` of `point` in each direction. */
export function jitter(random: Random, point: LatLng, maxMeters: number): LatLng {
  const latOffset = random.between(-maxMeters, maxMeters) / METERS_PER_DEGREE_LATITUDE;
  const lngOffset =
    random.between(-maxMeters, maxMeters) /
    (METERS_PER_DEGREE_LATITUDE * Math.cos((point.lat * Math.PI) / 180));
  return {
    lat: roundCoordinate(point.lat + latOffset),
    lng: roundCoordinate(point.lng + lngOffset),
  };
}

/** Part way from `from` to `to`; close enough to a straight line at city scale. */
export function interpolate(from: LatLng, to: LatLng, fraction: number): LatLng {
  return {
    lat: roundCoordinate(from.lat + (to.lat - from.lat) * fraction),
    lng: roundCoordinate(from.lng + (to.lng - from.lng) * fraction),
  };
}

/** A point `meters` from `point` in a random direction. */
export function offsetRandomly(random: Random, point: LatLng, meters: number): LatLng {
  const bearing = random.between(0, 2 * Math.PI);
  const lat = point.lat + (meters * Math.cos(bearing)) / METERS_PER_DEGREE_LATITUDE;
  const lng =
    point.lng +
    (meters * Math.sin(bearing)) /
      (METERS_PER_DEGREE_LATITUDE * Math.cos((point.lat * Math.PI) / 180));
  return { lat: roundCoordinate(lat), lng: roundCoordinate(lng) };
}

export function pickSuburb(random: Random, maxKmFromCbd = Number.POSITIVE_INFINITY): Suburb {
  return random.pick(PERTH_SUBURBS.filter((suburb) => kmFromCbd(suburb) <= maxKmFromCbd));
}

/** '27 Napier Street, Cottesloe WA 6011', sometimes a unit ('4/27 ...'). */
export function makeStreetAddress(random: Random, suburb: Suburb = pickSuburb(random)): Endpoint {
  const number = random.int(1, 180);
  const unit = random.chance(0.12) ? `${random.int(1, 12)}/` : '';
  const street = random.pick(STREET_NAMES);
  // Houses sit within about 700 m of the suburb's centre: far enough to spread
  // markers, near enough that coastal suburbs do not end up in the sea.
  const position = jitter(random, suburb, 700);
  return {
    address: `${unit}${number} ${street}, ${suburb.name} WA ${suburb.postcode}`,
    kind: 'street',
    placeName: null,
    ...position,
  };
}

export function makeOfficeAddress(random: Random): Endpoint {
  const office = random.pick(OFFICE_ADDRESSES);
  return {
    address: office.address,
    kind: 'office',
    placeName: null,
    lat: office.lat,
    lng: office.lng,
  };
}

export function placeEndpoint(place: Place): Endpoint {
  return {
    address: place.address,
    kind: place.kind,
    placeName: place.name,
    lat: place.lat,
    lng: place.lng,
  };
}

/** A landmark, the busy ones more often. */
export function pickPlace(random: Random, kinds?: readonly PlaceKind[]): Endpoint {
  const places = kinds ? TRIP_PLACES.filter((place) => kinds.includes(place.kind)) : TRIP_PLACES;
  return placeEndpoint(random.pickWeighted(places, (place) => place.weight));
}

export function isAirport(endpoint: Endpoint): boolean {
  return endpoint.kind === 'airport';
}

function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
