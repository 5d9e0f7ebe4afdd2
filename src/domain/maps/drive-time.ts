import { haversineMeters } from './haversine';
import type { LatLng } from './lat-lng';

/**
 * Road distance ÷ straight-line distance. Measured circuity of urban road
 * networks is typically 1.2–1.4; Perth's suburban grid is fairly direct, but the
 * Swan and Canning rivers force detours to a handful of bridges, so we take the
 * middle of that range.
 */
export const ROAD_FACTOR = 1.3;

/**
 * Average speeds by stretch of a leg, in order. Every leg starts and ends on
 * local streets (lights, roundabouts, car parks), crosses arterials in between
 * and only reaches freeway speed on long legs, so a 3 km hop averages 25 km/h
 * and a 60 km run to Mandurah averages close to 70 km/h.
 */
export const SPEED_BANDS: readonly { untilMeters: number; kmPerHour: number }[] = [
  { untilMeters: 3_000, kmPerHour: 25 },
  { untilMeters: 15_000, kmPerHour: 50 },
  { untilMeters: Number.POSITIVE_INFINITY, kmPerHour: 85 },
];

/** Driving time for one leg of the given road distance; grows with distance. */
export function estimateDriveSeconds(roadMeters: number): number {
  let seconds = 0;
  let from = 0;
  for (const band of SPEED_BANDS) {
    if (roadMeters <= from) break;
    const stretch = Math.min(roadMeters, band.untilMeters) - from;
    seconds += stretch / (band.kmPerHour / 3.6);
    from = band.untilMeters;
  }
  return seconds;
}

/** A leg between two points by road, estimated from the straight line (no map service). */
export function estimateLeg(from: LatLng, to: LatLng): { roadMeters: number; seconds: number } {
  const roadMeters = haversineMeters(from, to) * ROAD_FACTOR;
  return { roadMeters, seconds: estimateDriveSeconds(roadMeters) };
}
