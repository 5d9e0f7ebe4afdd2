import { describe, expect, it } from 'vitest';
import { createOsrmRoutingProvider } from './osrm-routing';
import {
  createFakeFetch,
  fixtureResponse,
  hangingFetch,
  textResponse,
  rejectionAtTimeout,
} from '../../test/fake-fetch';
import type { RouteRequest } from './types';

const OSRM_URL = 'http://osrm.internal:5000/';
const AIRPORT_T1 = { lat: -31.9485, lng: 115.976 };
const CBD = { lat: -31.9523, lng: 115.8613 };
const SUBIACO = { lat: -31.9455, lng: 115.8218 };
const FREMANTLE = { lat: -32.055, lng: 115.7477 };

const directTrip: RouteRequest = { origin: AIRPORT_T1, destination: CBD, stopovers: [] };

function createProvider(respond: Parameters<typeof createFakeFetch>[0]) {
  const fake = createFakeFetch(respond);
  return { ...fake, routing: createOsrmRoutingProvider({ baseUrl: OSRM_URL, fetch: fake.fetch }) };
}

describe('OSRM routing', () => {
  it('maps the first route, turning [lng, lat] into [lat, lng], and keeps alternatives', async () => {
    const { routing } = createProvider(() => fixtureResponse('osrm-route.json'));
    const result = await routing.route(directTrip);
    expect(result).toMatchObject({
      distanceMeters: 17651,
      durationSeconds: 1180,
      isEstimate: false,
      provider: 'osrm',
    });
    expect(result.geometry[0]).toEqual([-31.9485, 115.976]);
    expect(result.geometry.at(-1)).toEqual([-31.9523, 115.8613]);
    expect(result.alternatives).toHaveLength(1);
    expect(result.alternatives[0]).toMatchObject({ distanceMeters: 18211, durationSeconds: 1323 });
  });

  it('requests lng,lat pairs with full GeoJSON geometry and alternatives for two points', async () => {
    const { routing, requests } = createProvider(() => fixtureResponse('osrm-route.json'));
    await routing.route(directTrip);
    const url = new URL(requests[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(
      'http://osrm.internal:5000/route/v1/driving/115.976,-31.9485;115.8613,-31.9523',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      overview: 'full',
      geometries: 'geojson',
      alternatives: 'true',
    });
  });

  it('routes through stopovers in order, without alternatives, summing the legs', async () => {
    const { routing, requests } = createProvider(() =>
      fixtureResponse('osrm-route-with-stops.json'),
    );
    const result = await routing.route({
      origin: CBD,
      destination: FREMANTLE,
      stopovers: [SUBIACO],
    });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe(
      '/route/v1/driving/115.8613,-31.9523;115.8218,-31.9455;115.7477,-32.055',
    );
    expect(url.searchParams.get('alternatives')).toBe('false');
    expect(result).toMatchObject({
      distanceMeters: 19733,
      durationSeconds: 1662,
      alternatives: [],
    });
  });

  it("reports OSRM's NoRoute (HTTP 400) as no route", async () => {
    const { routing } = createProvider(() => fixtureResponse('osrm-no-route.json', 400));
    await expect(routing.route(directTrip)).rejects.toMatchObject({ code: 'no_route' });
  });

  it('reports an OSRM error that is not about the route as unavailable', async () => {
    const { routing } = createProvider(() => fixtureResponse('osrm-invalid-query.json', 400));
    const error = routing.route(directTrip);
    await expect(error).rejects.toMatchObject({ code: 'provider_unavailable' });
    await expect(error).rejects.not.toThrow(/malformed/);
  });

  it('reports HTTP 500 as unavailable', async () => {
    const { routing } = createProvider(() => textResponse('Internal Server Error', 500));
    await expect(routing.route(directTrip)).rejects.toMatchObject({ code: 'provider_unavailable' });
  });

  it('gives up with a timeout error when OSRM does not answer in time', async () => {
    const routing = createOsrmRoutingProvider({
      baseUrl: OSRM_URL,
      fetch: hangingFetch,
      timeoutMs: 50,
    });
    const error = await rejectionAtTimeout(() => routing.route(directTrip), 50);
    expect(error).toMatchObject({ code: 'timeout' });
  });

  it('reports malformed JSON as unavailable', async () => {
    const { routing } = createProvider(() => textResponse('{"code":"Ok","routes":[{'));
    await expect(routing.route(directTrip)).rejects.toMatchObject({ code: 'provider_unavailable' });
  });
});
