import { haversineMeters, type LatLng } from '../../../domain/maps';
import type { RouteRequest, RouteResult, RoutingProvider } from './types';

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

/** Great-circle legs through the stops, stretched by the road factor. */
export function createOfflineRoutingProvider(): RoutingProvider {
  return {
    name: 'offline',
    async route(request) {
      return estimateRoute(request);
    },
  };
}

export function estimateRoute(request: RouteRequest): RouteResult {
  const points: LatLng[] = [request.origin, ...request.stopovers, request.destination];
  let distanceMeters = 0;
  let durationSeconds = 0;
  for (let leg = 1; leg < points.length; leg++) {
    const roadMeters =
      haversineMeters(points[leg - 1] as LatLng, points[leg] as LatLng) * ROAD_FACTOR;
    distanceMeters += roadMeters;
    durationSeconds += estimateDriveSeconds(roadMeters);
  }
  return {
    distanceMeters: Math.round(distanceMeters),
    durationSeconds: Math.round(durationSeconds),
    geometry: points.map((point) => [point.lat, point.lng]),
    isEstimate: true,
    alternatives: [],
    provider: 'offline',
  };
}
