import { withoutCountry, type LatLng } from '../../../domain/maps';
import { normalizeSearchText } from './australian-address';
import { createGooglePlacesProvider } from './google-places';
import { createGoogleRoutesProvider } from './google-routes';
import { createCachedLoader } from './lru-cache';
import { createNominatimPlacesProvider } from './nominatim-places';
import {
  createOfflinePlacesProvider,
  isOfflinePlaceId,
  type NearestLocality,
} from './offline-places';
import { createOfflineRoutingProvider, estimateRoute } from './offline-routing';
import { createOsrmRoutingProvider } from './osrm-routing';
import { createPhotonPlacesProvider } from './photon-places';
import { settleOrAbort } from './request-json';
import {
  DEFAULT_TIMEOUT_MS,
  type Place,
  type PlaceSuggestion,
  type PlacesProvider,
  type RouteRequest,
  type RouteResult,
  type RoutingProvider,
} from './types';

export type MapsServiceConfig = {
  googleMapsApiKey?: string | undefined;
  osrmUrl?: string | undefined;
  geocoderUrl?: string | undefined;
  geocoderKind?: 'photon' | 'nominatim' | undefined;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
  /** Clock for the caches; tests move it. */
  now?: (() => number) | undefined;
};

export type MapsService = {
  places: PlacesProvider;
  routing: RoutingProvider;
  autocomplete(query: string, signal?: AbortSignal): Promise<PlaceSuggestion[]>;
  details(id: string, signal?: AbortSignal): Promise<Place | null>;
  route(request: RouteRequest, signal?: AbortSignal): Promise<RouteResult>;
  /** Our own estimate from the straight line (the offline router's), for when the router fails. */
  estimate(request: RouteRequest): RouteResult;
  /** Loads the offline gazetteer ahead of the first search; a no-op otherwise. */
  warmUp(): Promise<void>;
  /** The locality a point is in or near, from the offline gazetteer whatever the provider. */
  nearestLocality(point: LatLng): Promise<NearestLocality | null>;
};

export const ROUTE_CACHE = { maxEntries: 1000, ttlMs: 60 * 60_000 };
export const AUTOCOMPLETE_CACHE = { maxEntries: 500, ttlMs: 60_000 };

// Five decimals is about 1 m: the same kerb, typed twice, shares a cache entry.
const COORDINATE_DECIMALS = 5;

export function createMapsService(config: MapsServiceConfig = {}): MapsService {
  const adapterOptions = {
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  };
  const offlinePlaces = createOfflinePlacesProvider();
  const places = selectPlacesProvider(config, adapterOptions, offlinePlaces);
  const routing = selectRoutingProvider(config, adapterOptions);

  const loadRoute = createCachedLoader<RouteResult>({ ...ROUTE_CACHE, now: config.now });
  const loadSuggestions = createCachedLoader<PlaceSuggestion[]>({
    ...AUTOCOMPLETE_CACHE,
    now: config.now,
  });

  return {
    places,
    routing,

    autocomplete(query, signal) {
      const key = `${places.name}|${normalizeSearchText(query)}`;
      // The shared call gets no caller's signal: one caller leaving must not
      // cancel it for the others. Each caller still stops waiting on its own abort.
      return settleOrAbort(
        loadSuggestions(key, async () =>
          (await places.autocomplete(query)).map(withoutCountryText),
        ),
        signal,
      );
    },

    async details(id, signal) {
      // Curated and gazetteer ids stay resolvable after a vendor is configured.
      const provider = isOfflinePlaceId(id) ? offlinePlaces : places;
      const place = await provider.details(id, signal);
      return place && { ...place, address: withoutCountry(place.address) };
    },

    route(request, signal) {
      const key = `${routing.name}|${routeCacheKey(request)}`;
      return settleOrAbort(
        loadRoute(key, () => routing.route(request)),
        signal,
      );
    },

    estimate: estimateRoute,

    async warmUp() {
      if (places === offlinePlaces) await offlinePlaces.warmUp();
    },

    nearestLocality(point) {
      return offlinePlaces.nearestLocality(point);
    },
  };
}

/**
 * A suggestion as the address fields show it and write it on choosing: every
 * provider's text without the trailing ', Australia' (withoutCountry).
 */
function withoutCountryText(suggestion: PlaceSuggestion): PlaceSuggestion {
  return {
    ...suggestion,
    label: withoutCountry(suggestion.label),
    ...(suggestion.secondary ? { secondary: withoutCountry(suggestion.secondary) } : {}),
  };
}

function selectPlacesProvider(
  config: MapsServiceConfig,
  adapterOptions: { timeoutMs: number; fetch?: typeof fetch },
  offlinePlaces: PlacesProvider,
): PlacesProvider {
  if (config.googleMapsApiKey) {
    return createGooglePlacesProvider({ ...adapterOptions, apiKey: config.googleMapsApiKey });
  }
  if (config.geocoderUrl) {
    const geocoderOptions = { ...adapterOptions, baseUrl: config.geocoderUrl };
    return config.geocoderKind === 'nominatim'
      ? createNominatimPlacesProvider(geocoderOptions)
      : createPhotonPlacesProvider(geocoderOptions);
  }
  return offlinePlaces;
}

function selectRoutingProvider(
  config: MapsServiceConfig,
  adapterOptions: { timeoutMs: number; fetch?: typeof fetch },
): RoutingProvider {
  if (config.googleMapsApiKey) {
    return createGoogleRoutesProvider({ ...adapterOptions, apiKey: config.googleMapsApiKey });
  }
  if (config.osrmUrl) {
    return createOsrmRoutingProvider({ ...adapterOptions, baseUrl: config.osrmUrl });
  }
  return createOfflineRoutingProvider();
}

/** Rounded coordinates of every stop, in order. */
export function routeCacheKey(request: RouteRequest): string {
  const format = (point: LatLng) =>
    `${point.lat.toFixed(COORDINATE_DECIMALS)},${point.lng.toFixed(COORDINATE_DECIMALS)}`;
  return [request.origin, ...request.stopovers, request.destination].map(format).join(';');
}
