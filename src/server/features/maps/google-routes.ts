import { z } from 'zod';
import type { LatLng } from '../../../domain/maps';
import { decodePolyline } from './polyline';
import { requestJson } from './request-json';
import {
  createMapsError,
  DEFAULT_TIMEOUT_MS,
  type AdapterOptions,
  type RouteOption,
  type RoutingProvider,
} from './types';

export const GOOGLE_ROUTES_URL = 'https://routes.googleapis.com/directions/v2:computeRoutes';
export const GOOGLE_ROUTES_FIELD_MASK =
  'routes.distanceMeters,routes.duration,routes.polyline.encodedPolyline,routes.description';

// Proto3 JSON leaves out zero values: a zero-length route has no distanceMeters.
const ComputeRoutesResponse = z.object({
  routes: z
    .array(
      z.object({
        distanceMeters: z.number().default(0),
        duration: z
          .string()
          .regex(/^\d+(\.\d+)?s$/)
          .default('0s'),
        polyline: z.object({ encodedPolyline: z.string() }).optional(),
        description: z.string().optional(),
      }),
    )
    .default([]),
});

export type GoogleRoutesOptions = AdapterOptions & { apiKey: string };

const toWaypoint = (point: LatLng) => ({
  location: { latLng: { latitude: point.lat, longitude: point.lng } },
});

export function createGoogleRoutesProvider(options: GoogleRoutesOptions): RoutingProvider {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: 'google',

    async route(request, signal) {
      const hasStopovers = request.stopovers.length > 0;
      const body = {
        origin: toWaypoint(request.origin),
        destination: toWaypoint(request.destination),
        // via: false makes each one a stop that splits the route into legs.
        intermediates: request.stopovers.map((stop) => ({ ...toWaypoint(stop), via: false })),
        travelMode: 'DRIVE',
        // The API refuses alternatives for routes with intermediates.
        computeAlternativeRoutes: !hasStopovers,
        regionCode: 'au',
        languageCode: 'en-AU',
        units: 'METRIC',
      };
      const response = await requestJson({
        fetch: fetchFn,
        url: GOOGLE_ROUTES_URL,
        init: {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Goog-Api-Key': options.apiKey,
            'X-Goog-FieldMask': GOOGLE_ROUTES_FIELD_MASK,
          },
          body: JSON.stringify(body),
        },
        timeoutMs,
        signal,
        service: 'routing',
      });
      if (!response.ok) throw createMapsError('provider_unavailable', 'routing');
      const parsed = ComputeRoutesResponse.safeParse(response.body);
      if (!parsed.success) throw createMapsError('provider_unavailable', 'routing', parsed.error);

      let routeOptions: RouteOption[];
      try {
        routeOptions = parsed.data.routes.map((route) => ({
          distanceMeters: route.distanceMeters,
          durationSeconds: Math.round(Number.parseFloat(route.duration)),
          geometry: route.polyline ? decodePolyline(route.polyline.encodedPolyline) : [],
          ...(route.description ? { summary: route.description } : {}),
        }));
      } catch (error) {
        throw createMapsError('provider_unavailable', 'routing', error);
      }
      const [primary, ...alternatives] = routeOptions;
      // An empty answer is how computeRoutes says no route exists.
      if (!primary) throw createMapsError('no_route', 'routing');
      return { ...primary, isEstimate: false, alternatives, provider: 'google' };
    },
  };
}
