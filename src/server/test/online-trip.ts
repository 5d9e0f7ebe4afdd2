import type { FastifyInstance } from 'fastify';

const PICKUP = { lat: -31.9404, lng: 115.9668 };
const DROPOFF = { lat: -31.9597, lng: 115.8932 };

/**
 * The places of a trip as /book sends them: chosen from the suggestions, so
 * with coordinates. The server prices its own route between them; a visitor's
 * distance is never taken.
 */
export const ONLINE_TRIP = {
  pickupLocation: 'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
  pickupLat: PICKUP.lat,
  pickupLng: PICKUP.lng,
  dropoffLocation: 'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100',
  dropoffLat: DROPOFF.lat,
  dropoffLng: DROPOFF.lng,
};

/** The route the server prices ONLINE_TRIP on, rounded as a booking stores it. */
export async function onlineTripRoute(
  maps: FastifyInstance['maps'],
): Promise<{ distanceMeters: number; durationSeconds: number }> {
  const route = await maps.route({ origin: PICKUP, destination: DROPOFF, stopovers: [] });
  return {
    distanceMeters: Math.round(route.distanceMeters),
    durationSeconds: Math.round(route.durationSeconds),
  };
}
