import type { LatLng } from '../../../domain/maps';

export type { LatLng };

/** One autocomplete row; `label` is the formatted address shown in the list. */
export type PlaceSuggestion = { id: string; label: string; secondary?: string };

export type Place = { id: string; address: string; lat: number; lng: number };

/** Stopovers are visited in the order given. */
export type RouteRequest = { origin: LatLng; destination: LatLng; stopovers: LatLng[] };

export type RouteOption = {
  distanceMeters: number;
  durationSeconds: number;
  /** [lat, lng] points. */
  geometry: [number, number][];
  summary?: string;
};

/** Distance and duration are summed over all legs. */
export type RouteResult = RouteOption & {
  isEstimate: boolean;
  alternatives: RouteOption[];
  provider: string;
};

export interface PlacesProvider {
  name: string;
  autocomplete(query: string, signal?: AbortSignal): Promise<PlaceSuggestion[]>;
  details(id: string, signal?: AbortSignal): Promise<Place | null>;
}

export interface RoutingProvider {
  name: string;
  route(request: RouteRequest, signal?: AbortSignal): Promise<RouteResult>;
}

export type MapsErrorCode = 'provider_unavailable' | 'no_route' | 'not_found' | 'timeout';

export type MapsServiceKind = 'places' | 'routing';

/** The HTTP status the API answers with for each code. */
export const MAPS_ERROR_HTTP_STATUS: Record<MapsErrorCode, number> = {
  provider_unavailable: 503,
  timeout: 504,
  no_route: 422,
  not_found: 404,
};

/** Its message is safe to show to users: it never carries vendor text. */
export class MapsProviderError extends Error {
  constructor(
    public readonly code: MapsErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MapsProviderError';
  }
}

const SERVICE_NAMES: Record<MapsServiceKind, string> = {
  places: 'The address search service',
  routing: 'The routing service',
};

function describeError(code: MapsErrorCode, service: MapsServiceKind): string {
  switch (code) {
    case 'provider_unavailable':
      return `${SERVICE_NAMES[service]} is unavailable right now. Please try again shortly.`;
    case 'timeout':
      return `${SERVICE_NAMES[service]} did not answer in time. Please try again.`;
    case 'no_route':
      return 'No driving route was found between these places.';
    case 'not_found':
      return 'That place could not be found.';
  }
}

export function createMapsError(
  code: MapsErrorCode,
  service: MapsServiceKind,
  cause?: unknown,
): MapsProviderError {
  return new MapsProviderError(code, describeError(code, service), { cause });
}

/** What every vendor adapter factory accepts. */
export type AdapterOptions = {
  fetch?: typeof fetch;
  /** Per request; default 5000 ms. */
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 5000;
