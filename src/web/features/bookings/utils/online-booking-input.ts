import type { OnlineBookingInput } from '../api/create-online-booking';
import type { PlannedRoute, ResolvedPlace } from '../../maps/types';
import { TRIP_OPTION_FLAGS, type TripOptions } from '../../fares/utils/trip-options';
import type { ParsedTripLink, TripLink, TripPlace } from '../../fares/utils/trip-params';

/** What the visitor types on /book about themselves and the pickup. */
export type ContactValues = {
  passengerName: string;
  phone: string;
  email: string;
  /** The picker's 'YYYY-MM-DD HH:mm:ss', a Perth wall-clock time. */
  pickupTime: string | null;
  /** A pickup at night or within the hour was confirmed. */
  pickupTimeConfirmed: boolean;
  assistanceNeeds: string;
  notes: string;
};

export const CONTACT_FIELDS = [
  'passengerName',
  'phone',
  'email',
  'pickupTime',
  'assistanceNeeds',
  'notes',
] as const;
export const TRIP_FIELDS = [
  'numPassengers',
  'largeSuitcases',
  'mediumSuitcases',
  'vehicleType',
  'childSeats',
] as const;

/** The quoted trip in the URL, when it names pickup, dropoff and the route. */
export function quotedTripFrom(link: ParsedTripLink): TripLink | null {
  const { pickup, dropoff, route } = link;
  if (!pickup || !dropoff || !route) return null;
  return { pickup, dropoff, stops: link.stops, options: link.options, route };
}

export function plannedTripFrom(route: PlannedRoute | null, options: TripOptions): TripLink | null {
  if (!route) return null;
  return {
    pickup: route.pickup,
    dropoff: route.dropoff,
    stops: route.stops,
    options,
    route: { distanceMeters: route.distanceMeters, durationSeconds: route.durationSeconds },
  };
}

/** The route planner takes a place with coordinates, or text to look up. */
export function plannerValue(place: TripPlace | null): ResolvedPlace | string | undefined {
  if (!place) return undefined;
  const { address, lat, lng, proof } = place;
  return lat === undefined || lng === undefined
    ? address
    : { address, lat, lng, ...(proof ? { proof } : {}) };
}

export function toBookingInput(
  trip: TripLink,
  contact: ContactValues,
  pickupTime: string,
  childSeats: number,
): OnlineBookingInput {
  const { pickup, dropoff, stops, options } = trip;
  return {
    pickupLocation: pickup.address,
    pickupLat: pickup.lat,
    pickupLng: pickup.lng,
    pickupProof: pickup.proof,
    dropoffLocation: dropoff.address,
    dropoffLat: dropoff.lat,
    dropoffLng: dropoff.lng,
    dropoffProof: dropoff.proof,
    stops: stops.map(({ address, lat, lng, proof }) => ({ location: address, lat, lng, proof })),
    pickupTime,
    numPassengers: options.passengers,
    largeSuitcases: options.largeSuitcases,
    mediumSuitcases: options.mediumSuitcases,
    vehicleType: options.vehicleType,
    childSeats,
    options: Object.fromEntries(TRIP_OPTION_FLAGS.map((flag) => [flag, options[flag]])) as Record<
      (typeof TRIP_OPTION_FLAGS)[number],
      boolean
    >,
    passengerName: contact.passengerName.trim(),
    phone: contact.phone.trim(),
    email: contact.email.trim() || undefined,
    assistanceNeeds: contact.assistanceNeeds.trim() || undefined,
    notes: contact.notes.trim() || undefined,
  };
}
