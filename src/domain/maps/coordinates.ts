/** A point on the map, in degrees (LatLngSchema checks the ranges). */
export type LatLng = { lat: number; lng: number };

/** Perth GPO on Forrest Place: the default map centre and search bias. */
export const PERTH_CENTRE: LatLng = { lat: -31.9523, lng: 115.8613 };

// Google's Routes API accepts at most 25 intermediate waypoints; OSRM allows more.
export const MAX_STOPOVERS = 25;
