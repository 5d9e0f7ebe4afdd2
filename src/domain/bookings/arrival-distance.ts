import { formatKm } from '../format/distance';
import { haversineMeters } from '../maps/haversine';

// Arrived starts the passenger's no-show wait (noShowRefusal), so an Arrived
// tapped from across town, by a slip or ahead of time, lets a no-show be
// marked against a passenger nobody waited for. The phone knows where it is:
// far from the pickup, it asks first.

/**
 * Beyond this from the pickup, Arrived asks first. A phone in the city is
 * good to tens of metres; an airport's kerb or a hotel's car park can be a
 * few hundred from the pickup's point.
 */
export const ARRIVED_NEAR_METERS = 1_000;

/** A phone position older than this says nothing about where the driver is now. */
export const POSITION_FRESH_MS = 2 * 60_000;

type Point = { lat: number; lng: number };

/**
 * How far the phone is from the pickup when it is further than
 * ARRIVED_NEAR_METERS, else null: also null when the pickup has no
 * coordinates (a typed address) or the position is missing or stale, as
 * there is then nothing to say.
 */
export function farFromPickupMeters(
  pickup: { lat: number | null; lng: number | null },
  position: (Point & { at: number }) | null,
  now: number,
): number | null {
  if (pickup.lat === null || pickup.lng === null || !position) return null;
  if (now - position.at > POSITION_FRESH_MS) return null;
  const meters = haversineMeters({ lat: pickup.lat, lng: pickup.lng }, position);
  return meters > ARRIVED_NEAR_METERS ? meters : null;
}

/** What the phone asks before a far Arrived: 'You are 10.2 km from the pickup.' */
export function farArrivalQuestion(meters: number): string {
  return `You are ${formatKm(meters)} from the pickup. Arrived starts the passenger's no-show wait: mark it only once you are there.`;
}
