import { describe, expect, it } from 'vitest';
import { createGooglePlacesProvider, GOOGLE_AUTOCOMPLETE_URL } from './google-places';
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
import { MapsProviderError } from './types';

const API_KEY = 'test-key-123';

function createProvider(respond: Parameters<typeof createFakeFetch>[0], timeoutMs = 5000) {
  const fake = createFakeFetch(respond);
  return {
    ...fake,
    places: createGooglePlacesProvider({ apiKey: API_KEY, fetch: fake.fetch, timeoutMs }),
  };
}

describe('Google places autocomplete', () => {
  it('maps place predictions to suggestions and skips query predictions', async () => {
    const { places } = createProvider(() => fixtureResponse('google-autocomplete.json'));
    await expect(places.autocomplete('crown towers')).resolves.toEqual([
      {
        id: 'ChIJy1S0sSi7MioRwoRj9U4hxOk',
        label: 'Crown Towers Perth, Great Eastern Highway, Burswood WA, Australia',
        secondary: 'Great Eastern Highway, Burswood WA, Australia',
      },
      {
        id: 'ChIJ3W5dQyi7MioRz3xkQ-Kb4Ww',
        label: 'Crown Perth, Great Eastern Highway, Burswood WA, Australia',
        secondary: 'Great Eastern Highway, Burswood WA, Australia',
      },
    ]);
  });

  it('posts the query restricted to Australia, biased to Perth, with the key in a header', async () => {
    const { places, requests } = createProvider(() => fixtureResponse('google-autocomplete.json'));
    await places.autocomplete('  crown towers ');
    const [request] = requests;
    expect(request?.url).toBe(GOOGLE_AUTOCOMPLETE_URL);
    expect(request?.init?.method).toBe('POST');
    expect(headerOf(request, 'X-Goog-Api-Key')).toBe(API_KEY);
    expect(request?.url).not.toContain(API_KEY);
    expect(jsonBodyOf(request)).toMatchObject({
      input: 'crown towers',
      includedRegionCodes: ['au'],
      locationBias: {
        circle: { center: { latitude: -31.9523, longitude: 115.8613 }, radius: 50000 },
      },
    });
  });

  it('does not call Google for a query shorter than two characters', async () => {
    const { places, requests } = createProvider(() => fixtureResponse('google-autocomplete.json'));
    await expect(places.autocomplete('c')).resolves.toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it('answers no suggestions when Google returns an empty object', async () => {
    const { places } = createProvider(() => new Response('{}', { status: 200 }));
    await expect(places.autocomplete('zzzz')).resolves.toEqual([]);
  });

  it("reports HTTP 500 as unavailable without passing on Google's message", async () => {
    const { places } = createProvider(() => fixtureResponse('google-error.json', 500));
    const error = await captureRejection(places.autocomplete('crown'));
    expect(error).toBeInstanceOf(MapsProviderError);
    expect(error).toMatchObject({ code: 'provider_unavailable' });
    expect((error as Error).message).not.toContain('Internal error encountered');
  });

  it('gives up with a timeout error when Google does not answer in time', async () => {
    const places = createGooglePlacesProvider({
      apiKey: API_KEY,
      fetch: hangingFetch,
      timeoutMs: 50,
    });
    const error = await rejectionAtTimeout(() => places.autocomplete('crown'), 50);
    expect(error).toMatchObject({ code: 'timeout' });
  });

  it('reports malformed JSON as unavailable', async () => {
    const { places } = createProvider(() => textResponse('{"suggestions": [', 200));
    await expect(places.autocomplete('crown')).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
  });
});

describe('Google place details', () => {
  it('fetches the id, formatted address and location and maps them', async () => {
    const { places, requests } = createProvider(() => fixtureResponse('google-place-details.json'));
    await expect(places.details('ChIJy1S0sSi7MioRwoRj9U4hxOk')).resolves.toEqual({
      id: 'ChIJy1S0sSi7MioRwoRj9U4hxOk',
      address: 'Great Eastern Hwy, Burswood WA 6100, Australia',
      lat: -31.958431,
      lng: 115.890397,
    });
    const [request] = requests;
    expect(request?.url).toBe(
      'https://places.googleapis.com/v1/places/ChIJy1S0sSi7MioRwoRj9U4hxOk',
    );
    expect(request?.init?.method).toBe('GET');
    expect(headerOf(request, 'X-Goog-FieldMask')).toBe('id,formattedAddress,location');
    expect(headerOf(request, 'X-Goog-Api-Key')).toBe(API_KEY);
  });

  it('answers null for an unknown place', async () => {
    const { places } = createProvider(() =>
      Response.json(
        { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } },
        { status: 404 },
      ),
    );
    await expect(places.details('ChIJunknown')).resolves.toBeNull();
  });

  it('answers null without calling Google for an id that cannot be a place id', async () => {
    const { places, requests } = createProvider(() => fixtureResponse('google-place-details.json'));
    await expect(places.details('../places:autocomplete')).resolves.toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('reports a response without a location as unavailable', async () => {
    const { places } = createProvider(() =>
      Response.json({ id: 'ChIJx', formattedAddress: 'Perth WA 6000, Australia' }),
    );
    await expect(places.details('ChIJx')).rejects.toMatchObject({ code: 'provider_unavailable' });
  });

  it('reports HTTP 500 as unavailable and a slow answer as a timeout', async () => {
    const failing = createProvider(() => fixtureResponse('google-error.json', 500));
    await expect(failing.places.details('ChIJx')).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
    const slow = createGooglePlacesProvider({
      apiKey: API_KEY,
      fetch: hangingFetch,
      timeoutMs: 50,
    });
    await expect(slow.details('ChIJx')).rejects.toMatchObject({ code: 'timeout' });
  });
});
