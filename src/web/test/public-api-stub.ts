import { vi } from 'vitest';
import type { QuoteResponse } from '../../domain/fares';
import type { PlaceDto, PlaceSuggestionDto, RouteResultDto } from '../../domain/maps';
import type { PublicSettings } from '../../domain/settings';
import { DEFAULT_ACCESS_TABLE } from '../../domain/access';

/** Test support: a fake of the public API the calculator, widget and booking page call. */

export type StubRequest = {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
};
export type StubHandler = (request: StubRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): Response {
  return json(status, { error: { code, message, ...(fields ? { fields } : {}) } });
}

type TestPlace = PlaceSuggestionDto & PlaceDto;

export const TEST_PLACES = {
  airport: {
    id: 'perth-airport-t1',
    label: 'Perth Airport Terminal 1',
    secondary: 'Airport Dr, Perth Airport WA',
    address: 'Perth Airport Terminal 1, Airport Dr, Perth Airport WA 6105',
    lat: -31.9385,
    lng: 115.9672,
  },
  cbd: {
    id: 'perth-cbd',
    label: 'Perth CBD',
    secondary: 'Perth WA',
    address: 'Perth WA 6000',
    lat: -31.9523,
    lng: 115.8613,
  },
  fremantle: {
    id: 'fremantle',
    label: 'Fremantle',
    secondary: 'WA 6160',
    address: 'Fremantle WA 6160',
    lat: -32.0569,
    lng: 115.7439,
  },
} satisfies Record<string, TestPlace>;

export const TEST_SETTINGS: PublicSettings = {
  business: {
    name: 'Perth Chauffeur Ops',
    phone: '+61 8 9000 0000',
    email: '',
    bookNowUrl: '/book',
  },
  timeZone: 'Australia/Perth',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  accessTable: DEFAULT_ACCESS_TABLE,
};

export const TEST_ROUTE: RouteResultDto = {
  distanceMeters: 12_345,
  durationSeconds: 1_490,
  geometry: [
    [-31.9385, 115.9672],
    [-31.9523, 115.8613],
  ],
  isEstimate: true,
  alternatives: [],
  provider: 'offline',
};

/** Distinctive numbers, so a test can tell the server's quote from the domain defaults. */
export function testQuote(changes: Partial<QuoteResponse> = {}): QuoteResponse {
  return {
    vehicleType: 'Standard HUG',
    distanceKm: 12.345,
    durationMinutes: 25,
    baseRate: 5,
    distanceCost: 22.53,
    timeCost: 12.5,
    childSeatFee: 0,
    calculatedFare: 40.03,
    roundedFare: 45,
    minimumFare: 30,
    minimumApplied: false,
    estimate: { fare: 35.96, roundedFare: 40 },
    ...changes,
  };
}

function places(): TestPlace[] {
  return Object.values(TEST_PLACES);
}

const DEFAULT_HANDLERS: Record<string, StubHandler> = {
  'GET /api/me': () => apiError(401, 'UNAUTHENTICATED', 'Sign in first'),
  'GET /api/public-settings': () => json(200, TEST_SETTINGS),
  'GET /api/places': ({ url }) => {
    const query = (url.searchParams.get('q') ?? '').toLowerCase();
    const matches = places()
      .filter((place) => place.label.toLowerCase().includes(query))
      .map(({ id, label, secondary }) => ({ id, label, secondary }));
    return json(200, { places: matches });
  },
  'GET /api/places/:id': ({ url }) => {
    const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    const place = places().find((candidate) => candidate.id === id);
    return place
      ? json(200, { id: place.id, address: place.address, lat: place.lat, lng: place.lng })
      : apiError(404, 'NOT_FOUND', 'No such place.');
  },
  'POST /api/routes': () => json(200, TEST_ROUTE),
  'POST /api/quotes': ({ body }) => {
    const { vehicleType, childSeats } = body as Pick<QuoteResponse, 'vehicleType'> & {
      childSeats: boolean;
    };
    return json(
      200,
      testQuote(
        childSeats
          ? { vehicleType, childSeatFee: 5, calculatedFare: 45.03, roundedFare: 50 }
          : { vehicleType },
      ),
    );
  },
};

function handlerKey(method: string, pathname: string): string {
  return pathname.startsWith('/api/places/')
    ? `${method} /api/places/:id`
    : `${method} ${pathname}`;
}

/**
 * Replaces fetch. Handlers are keyed 'METHOD /api/path' ('GET /api/places/:id'
 * for place details); the given ones replace the defaults. Unknown requests
 * answer 404 so a test sees them.
 */
export function stubPublicApi(overrides: Record<string, StubHandler> = {}) {
  const handlers = { ...DEFAULT_HANDLERS, ...overrides };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = handlers[handlerKey(method, url.pathname)];
    if (!handler) return apiError(404, 'NOT_FOUND', `No stub for ${method} ${url.pathname}`);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    return handler({ method, url, body, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests made to one 'METHOD /api/path'. */
export function callsTo(fetchMock: ReturnType<typeof stubPublicApi>, key: string): StubRequest[] {
  return fetchMock.mock.calls
    .map(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      return {
        method,
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        headers: { ...(init?.headers as Record<string, string> | undefined) },
      };
    })
    .filter((request) => handlerKey(request.method, request.url.pathname) === key);
}

/** A promise with its resolve function, to hold a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
