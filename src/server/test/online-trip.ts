import type { FastifyInstance } from 'fastify';
import { createPlaceProofs } from '../lib/place-proof';
import { TEST_SECRET } from './test-app';

const PICKUP = { lat: -31.9404, lng: 115.9668 };
const DROPOFF = { lat: -31.9597, lng: 115.8932 };

/**
 * A place's proof as GET /api/places/:id signs it for the test apps (their
 * secret is TEST_SECRET): what /book sends back with a chosen place.
 */
export function proofOf(address: string, point: { lat: number; lng: number }): string {
  return createPlaceProofs(TEST_SECRET).sign({ address, ...point });
}

/**
 * The places of a trip as /book sends them: chosen from the suggestions, so
 * with coordinates. The server prices its own route between them; a visitor's
 * distance is never taken.
 */
export const ONLINE_TRIP = {
  pickupLocation: 'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
  pickupLat: PICKUP.lat,
  pickupLng: PICKUP.lng,
  pickupProof: proofOf('Perth Airport T1, Airport Dr, Perth Airport WA 6105', PICKUP),
  dropoffLocation: 'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100',
  dropoffLat: DROPOFF.lat,
  dropoffLng: DROPOFF.lng,
  dropoffProof: proofOf('Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100', DROPOFF),
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
