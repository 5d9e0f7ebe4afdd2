import { estimateLeg, type LatLng } from '../../../domain/maps';
import type { RouteRequest, RouteResult, RoutingProvider } from './types';

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
    const { roadMeters, seconds } = estimateLeg(points[leg - 1] as LatLng, points[leg] as LatLng);
    distanceMeters += roadMeters;
    durationSeconds += seconds;
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
