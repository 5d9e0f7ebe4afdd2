/** A point on the map, in degrees (LatLngSchema checks the ranges). */
export type LatLng = { lat: number; lng: number };

/** Perth GPO on Forrest Place: the default map centre and search bias. */
export const PERTH_CENTRE: LatLng = { lat: -31.9523, lng: 115.8613 };

// Google's Routes API accepts at most 25 intermediate waypoints; OSRM allows more.
export const MAX_STOPOVERS = 25;

/**
 * The point at these coordinates, or null while either is unknown: a place
 * typed rather than chosen from the suggestions has no coordinates.
 */
export function pointAt(lat: number | null, lng: number | null): LatLng | null {
  return lat === null || lng === null ? null : { lat, lng };
}

type PickupCoordinates = { pickupLat: number | null; pickupLng: number | null };
type DropoffCoordinates = { dropoffLat: number | null; dropoffLng: number | null };

/** Where a booking (or a booking form) picks up, when the place was found on the map. */
export function pickupPoint(booking: PickupCoordinates): LatLng | null {
  return pointAt(booking.pickupLat, booking.pickupLng);
}

/** Where a booking (or a booking form) drops off, when the place was found on the map. */
export function dropoffPoint(booking: DropoffCoordinates): LatLng | null {
  return pointAt(booking.dropoffLat, booking.dropoffLng);
}
