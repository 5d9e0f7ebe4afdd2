import { describe, expect, it } from 'vitest';
import {
  createGoogleRoutesProvider,
  GOOGLE_ROUTES_FIELD_MASK,
  GOOGLE_ROUTES_URL,
} from './google-routes';
import {
  captureRejection,
  createFakeFetch,
  fixtureResponse,
  hangingFetch,
  headerOf,
  jsonBodyOf,
  textResponse,
  rejectionAtTimeout,
} from '../../test/fake-fetch';
import { MapsProviderError, type RouteRequest } from './types';

const API_KEY = 'test-key-123';
const AIRPORT_T1 = { lat: -31.9485, lng: 115.976 };
const CBD = { lat: -31.9523, lng: 115.8613 };
const SUBIACO = { lat: -31.9455, lng: 115.8218 };
const FREMANTLE = { lat: -32.055, lng: 115.7477 };

const directTrip: RouteRequest = { origin: AIRPORT_T1, destination: CBD, stopovers: [] };

function createProvider(respond: Parameters<typeof createFakeFetch>[0]) {
  const fake = createFakeFetch(respond);
  return { ...fake, routing: createGoogleRoutesProvider({ apiKey: API_KEY, fetch: fake.fetch }) };
}

describe('Google routes', () => {
  it('maps the first route and keeps the others as alternatives', async () => {
    const { routing } = createProvider(() => fixtureResponse('google-compute-routes.json'));
    const result = await routing.route(directTrip);
    expect(result).toMatchObject({
      distanceMeters: 17893,
      durationSeconds: 1262,
      summary: 'Tonkin Hwy and Graham Farmer Fwy',
      isEstimate: false,
      provider: 'google',
    });
    expect(result.geometry[0]).toEqual([-31.9485, 115.976]);
    expect(result.geometry.at(-1)).toEqual([-31.9523, 115.8613]);
    expect(result.geometry).toHaveLength(8);
    expect(result.alternatives).toEqual([
      expect.objectContaining({
        distanceMeters: 18420,
        durationSeconds: 1388,
        summary: 'Great Eastern Hwy',
      }),
    ]);
  });

  it('asks for a driving route with alternatives, restricted to the fields it reads', async () => {
    const { routing, requests } = createProvider(() =>
      fixtureResponse('google-compute-routes.json'),
    );
    await routing.route(directTrip);
    const [request] = requests;
    expect(request?.url).toBe(GOOGLE_ROUTES_URL);
    expect(request?.init?.method).toBe('POST');
    expect(headerOf(request, 'X-Goog-Api-Key')).toBe(API_KEY);
    expect(headerOf(request, 'X-Goog-FieldMask')).toBe(GOOGLE_ROUTES_FIELD_MASK);
    expect(jsonBodyOf(request)).toMatchObject({
      origin: { location: { latLng: { latitude: -31.9485, longitude: 115.976 } } },
      destination: { location: { latLng: { latitude: -31.9523, longitude: 115.8613 } } },
      intermediates: [],
      travelMode: 'DRIVE',
      computeAlternativeRoutes: true,
      regionCode: 'au',
    });
  });

  it('sends stopovers in order as stops (not via points) and asks for no alternatives', async () => {
    const { routing, requests } = createProvider(() =>
      fixtureResponse('google-compute-routes-with-stops.json'),
    );
    const result = await routing.route({
      origin: CBD,
      destination: FREMANTLE,
      stopovers: [SUBIACO, AIRPORT_T1],
    });
    expect(jsonBodyOf(requests[0])).toMatchObject({
      intermediates: [
        { location: { latLng: { latitude: SUBIACO.lat, longitude: SUBIACO.lng } }, via: false },
        {
          location: { latLng: { latitude: AIRPORT_T1.lat, longitude: AIRPORT_T1.lng } },
          via: false,
        },
      ],
      computeAlternativeRoutes: false,
    });
    expect(result).toMatchObject({
      distanceMeters: 19874,
      durationSeconds: 1745,
      alternatives: [],
    });
  });

  it('reads a zero-length route, whose distance Google leaves out', async () => {
    const { routing } = createProvider(() =>
      Response.json({ routes: [{ duration: '0s', polyline: { encodedPolyline: '' } }] }),
    );
    await expect(
      routing.route({ origin: CBD, destination: CBD, stopovers: [] }),
    ).resolves.toMatchObject({
      distanceMeters: 0,
      durationSeconds: 0,
    });
  });

  it('reports an empty answer as no route', async () => {
    const { routing } = createProvider(() => fixtureResponse('google-compute-routes-empty.json'));
    const error = await captureRejection(
      routing.route({ origin: CBD, destination: { lat: -31.996, lng: 115.5412 }, stopovers: [] }),
    );
    expect(error).toBeInstanceOf(MapsProviderError);
    expect(error).toMatchObject({
      code: 'no_route',
      message: 'No driving route was found between these places.',
    });
  });

  it("reports HTTP 500 as unavailable without passing on Google's message", async () => {
    const { routing } = createProvider(() => fixtureResponse('google-error.json', 500));
    const error = await captureRejection(routing.route(directTrip));
    expect(error).toMatchObject({
      code: 'provider_unavailable',
      message: 'The routing service is unavailable right now. Please try again shortly.',
    });
  });

  it('gives up with a timeout error when Google does not answer in time', async () => {
    const routing = createGoogleRoutesProvider({
      apiKey: API_KEY,
      fetch: hangingFetch,
      timeoutMs: 50,
    });
    const error = await rejectionAtTimeout(() => routing.route(directTrip), 50);
    expect(error).toMatchObject({
      code: 'timeout',
      message: 'The routing service did not answer in time. Please try again.',
    });
  });

  it('reports malformed JSON, a bad duration or a corrupt polyline as unavailable', async () => {
    for (const body of [
      '{"routes": [',
      JSON.stringify({ routes: [{ distanceMeters: 10, duration: 'soon' }] }),
      JSON.stringify({
        routes: [
          { distanceMeters: 10, duration: '5s', polyline: { encodedPolyline: '_p~iF~ps|U_ulL' } },
        ],
      }),
    ]) {
      const { routing } = createProvider(() => textResponse(body));
      await expect(routing.route(directTrip)).rejects.toMatchObject({
        code: 'provider_unavailable',
      });
    }
  });
});
