import { z } from 'zod';
import type { LatLng } from '../../../domain/maps';
import { joinUrl, requestJson } from './request-json';
import {
  createMapsError,
  DEFAULT_TIMEOUT_MS,
  type AdapterOptions,
  type RouteOption,
  type RoutingProvider,
} from './types';

const OsrmResponse = z.object({
  code: z.string(),
  routes: z
    .array(
      z.object({
        distance: z.number(),
        duration: z.number(),
        geometry: z.object({ coordinates: z.array(z.tuple([z.number(), z.number()])) }),
        legs: z.array(z.object({ summary: z.string().optional() })).default([]),
      }),
    )
    .optional(),
});

// NoSegment: a point could not be snapped to a road (out at sea, say); to the
// user that is the same as no route.
const NO_ROUTE_CODES = new Set(['NoRoute', 'NoSegment']);

export type OsrmRoutingOptions = AdapterOptions & { baseUrl: string };

const formatCoordinate = (point: LatLng) => `${point.lng},${point.lat}`;

export function createOsrmRoutingProvider(options: OsrmRoutingOptions): RoutingProvider {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: 'osrm',

    async route(request, signal) {
      const points = [request.origin, ...request.stopovers, request.destination];
      const query = new URLSearchParams({
        overview: 'full',
        geometries: 'geojson',
        // OSRM only computes alternatives between two points.
        alternatives: points.length === 2 ? 'true' : 'false',
      });
      const url = joinUrl(
        options.baseUrl,
        `route/v1/driving/${points.map(formatCoordinate).join(';')}?${query}`,
      );
      const response = await requestJson({
        fetch: fetchFn,
        url,
        init: { method: 'GET', headers: { Accept: 'application/json' } },
        timeoutMs,
        signal,
        service: 'routing',
      });
      // OSRM answers NoRoute with HTTP 400 and a JSON body, so read the code first.
      const parsed = OsrmResponse.safeParse(response.body);
      if (parsed.success && NO_ROUTE_CODES.has(parsed.data.code)) {
        throw createMapsError('no_route', 'routing');
      }
      if (!response.ok) throw createMapsError('provider_unavailable', 'routing');
      if (!parsed.success) throw createMapsError('provider_unavailable', 'routing', parsed.error);
      if (parsed.data.code !== 'Ok') throw createMapsError('provider_unavailable', 'routing');

      const routeOptions = (parsed.data.routes ?? []).map((route): RouteOption => {
        const summary = route.legs
          .map((leg) => leg.summary)
          .filter(Boolean)
          .join('; ');
        return {
          distanceMeters: Math.round(route.distance),
          durationSeconds: Math.round(route.duration),
          geometry: route.geometry.coordinates.map(([lng, lat]) => [lat, lng]),
          ...(summary ? { summary } : {}),
        };
      });
      const [primary, ...alternatives] = routeOptions;
      if (!primary) throw createMapsError('no_route', 'routing');
      return { ...primary, isEstimate: false, alternatives, provider: 'osrm' };
    },
  };
}
