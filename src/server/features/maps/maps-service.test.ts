import { describe, expect, it } from 'vitest';
import { createMapsService, ROUTE_CACHE, routeCacheKey } from './maps-service';
import {
  captureRejection,
  createFakeFetch,
  fixtureResponse,
  hangingFetch,
  textResponse,
  rejectionAtTimeout,
} from '../../test/fake-fetch';
import { MapsProviderError, type RouteRequest } from './types';

const CBD = { lat: -31.9523, lng: 115.8613 };
const SUBIACO = { lat: -31.9455, lng: 115.8218 };
const FREMANTLE = { lat: -32.055, lng: 115.7477 };
const trip: RouteRequest = { origin: CBD, destination: FREMANTLE, stopovers: [SUBIACO] };

const failIfCalled: typeof fetch = () => {
  throw new Error('the offline provider must not use the network');
};

describe('provider selection', () => {
  it('uses the offline providers when nothing is configured', async () => {
    const maps = createMapsService({ fetch: failIfCalled });
    expect(maps.places.name).toBe('offline');
    expect(maps.routing.name).toBe('offline');
    await expect(maps.route(trip)).resolves.toMatchObject({
      isEstimate: true,
      provider: 'offline',
    });
  });

  it('uses Google for both when the key is set, whatever else is configured', () => {
    const maps = createMapsService({
      googleMapsApiKey: 'key',
      osrmUrl: 'http://osrm:5000',
      geocoderUrl: 'http://photon:2322',
    });
    expect([maps.places.name, maps.routing.name]).toEqual(['google', 'google']);
  });

  it('uses OSRM and Photon when their URLs are set, Photon by default', () => {
    const maps = createMapsService({
      osrmUrl: 'http://osrm:5000',
      geocoderUrl: 'http://photon:2322',
    });
    expect([maps.places.name, maps.routing.name]).toEqual(['photon', 'osrm']);
  });

  it('uses Nominatim when GEOCODER_KIND says so', () => {
    const maps = createMapsService({
      geocoderUrl: 'http://nominatim:8080',
      geocoderKind: 'nominatim',
    });
    expect(maps.places.name).toBe('nominatim');
  });

  it('chooses places and routing independently', () => {
    expect(createMapsService({ osrmUrl: 'http://osrm:5000' }).places.name).toBe('offline');
    expect(createMapsService({ geocoderUrl: 'http://photon:2322' }).routing.name).toBe('offline');
  });
});

describe('route cache', () => {
  const createOsrmService = (now = () => 0) => {
    const fake = createFakeFetch(() => fixtureResponse('osrm-route-with-stops.json'));
    return {
      ...fake,
      maps: createMapsService({ osrmUrl: 'http://osrm:5000', fetch: fake.fetch, now }),
    };
  };

  it('asks the vendor once for the same stops', async () => {
    const { maps, requests } = createOsrmService();
    const first = await maps.route(trip);
    const second = await maps.route({ ...trip, stopovers: [{ ...SUBIACO }] });
    expect(second).toEqual(first);
    expect(requests).toHaveLength(1);
  });

  it('treats points within about a metre as the same stop', async () => {
    const { maps, requests } = createOsrmService();
    await maps.route(trip);
    await maps.route({ ...trip, origin: { lat: CBD.lat + 0.000001, lng: CBD.lng - 0.000001 } });
    expect(requests).toHaveLength(1);
  });

  it('asks again when the stops or their order differ', async () => {
    const { maps, requests } = createOsrmService();
    await maps.route(trip);
    await maps.route({ origin: SUBIACO, destination: FREMANTLE, stopovers: [CBD] });
    await maps.route({ origin: CBD, destination: FREMANTLE, stopovers: [] });
    expect(requests).toHaveLength(3);
  });

  it('shares one vendor call between concurrent identical requests', async () => {
    const { maps, requests } = createOsrmService();
    const results = await Promise.all([maps.route(trip), maps.route(trip), maps.route(trip)]);
    expect(new Set(results).size).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('asks again once an hour has passed', async () => {
    let now = 0;
    const { maps, requests } = createOsrmService(() => now);
    await maps.route(trip);
    now = ROUTE_CACHE.ttlMs - 1;
    await maps.route(trip);
    expect(requests).toHaveLength(1);
    now = ROUTE_CACHE.ttlMs;
    await maps.route(trip);
    expect(requests).toHaveLength(2);
  });

  it('keys on the rounded coordinates of every stop, in order', () => {
    expect(routeCacheKey(trip)).toBe('-31.95230,115.86130;-31.94550,115.82180;-32.05500,115.74770');
  });

  it('lets one caller give up without cancelling the shared request for the others', async () => {
    const { maps, requests } = createOsrmService();
    const controller = new AbortController();
    const leaving = maps.route(trip, controller.signal);
    const staying = maps.route(trip);
    controller.abort(new Error('closed the dialog'));
    await expect(leaving).rejects.toThrow('closed the dialog');
    await expect(staying).resolves.toMatchObject({ provider: 'osrm' });
    expect(requests).toHaveLength(1);
  });
});

describe('autocomplete cache', () => {
  it('asks the vendor once for the same query within a minute, ignoring case and spacing', async () => {
    let now = 0;
    const fake = createFakeFetch(() => fixtureResponse('photon-search.json'));
    const maps = createMapsService({
      geocoderUrl: 'http://photon:2322',
      fetch: fake.fetch,
      now: () => now,
    });
    await maps.autocomplete('fremantle');
    await maps.autocomplete('  Fremantle ');
    expect(fake.requests).toHaveLength(1);
    now = 60_000;
    await maps.autocomplete('fremantle');
    expect(fake.requests).toHaveLength(2);
  });
});

describe('failing providers', () => {
  it('rejects with a MapsProviderError and does not cache the failure', async () => {
    let status = 500;
    const fake = createFakeFetch(() =>
      status === 500
        ? textResponse('upstream exploded', 500)
        : fixtureResponse('osrm-route-with-stops.json'),
    );
    const maps = createMapsService({ osrmUrl: 'http://osrm:5000', fetch: fake.fetch });
    const error = await captureRejection(maps.route(trip));
    expect(error).toBeInstanceOf(MapsProviderError);
    expect(error).toMatchObject({ code: 'provider_unavailable' });
    status = 200;
    await expect(maps.route(trip)).resolves.toMatchObject({ provider: 'osrm' });
    expect(fake.requests).toHaveLength(2);
  });

  it('rejects with a timeout rather than hanging when the vendor never answers', async () => {
    const maps = createMapsService({ googleMapsApiKey: 'key', fetch: hangingFetch, timeoutMs: 50 });
    await expect(rejectionAtTimeout(() => maps.route(trip), 50)).resolves.toMatchObject({
      code: 'timeout',
    });
    await expect(rejectionAtTimeout(() => maps.autocomplete('crown'), 50)).resolves.toMatchObject({
      code: 'timeout',
    });
  });
});

describe('details', () => {
  it("gives every provider's address without the trailing ', Australia' (stored bookings keep theirs)", async () => {
    const offline = createMapsService({ fetch: failIfCalled });
    const labels = (await offline.autocomplete('subiaco')).map((place) => place.label);
    expect(labels).toContain('Subiaco WA 6008');
    expect(labels.filter((label) => /Australia$/.test(label))).toEqual([]);
    await expect(offline.details('loc:wa:6008:subiaco')).resolves.toMatchObject({
      address: 'Subiaco WA 6008',
    });
    const fake = createFakeFetch(() => fixtureResponse('google-autocomplete.json'));
    const google = createMapsService({ googleMapsApiKey: 'key', fetch: fake.fetch });
    const [crown] = await google.autocomplete('crown');
    expect(crown).toMatchObject({
      label: 'Crown Towers Perth, Great Eastern Highway, Burswood WA',
      secondary: 'Great Eastern Highway, Burswood WA',
    });
  });

  it('resolves curated ids offline even when Google is configured', async () => {
    const maps = createMapsService({ googleMapsApiKey: 'key', fetch: failIfCalled });
    await expect(maps.details('poi:optus-stadium')).resolves.toMatchObject({
      id: 'poi:optus-stadium',
      address: 'Optus Stadium, 333 Victoria Park Drive, Burswood WA 6100',
    });
  });

  it('asks the configured provider for its own ids', async () => {
    const fake = createFakeFetch(() => fixtureResponse('google-place-details.json'));
    const maps = createMapsService({ googleMapsApiKey: 'key', fetch: fake.fetch });
    await expect(maps.details('ChIJy1S0sSi7MioRwoRj9U4hxOk')).resolves.toMatchObject({
      address: 'Great Eastern Hwy, Burswood WA 6100',
    });
    expect(fake.requests).toHaveLength(1);
  });
});
