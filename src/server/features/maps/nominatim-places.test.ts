import { describe, expect, it } from 'vitest';
import { createNominatimPlacesProvider, DEFAULT_NOMINATIM_USER_AGENT } from './nominatim-places';
import {
  createFakeFetch,
  fixtureResponse,
  hangingFetch,
  headerOf,
  textResponse,
} from '../../test/fake-fetch';

const GEOCODER_URL = 'https://nominatim.internal/';

function createProvider(respond: Parameters<typeof createFakeFetch>[0]) {
  const fake = createFakeFetch(respond);
  return {
    ...fake,
    places: createNominatimPlacesProvider({ baseUrl: GEOCODER_URL, fetch: fake.fetch }),
  };
}

describe('Nominatim places', () => {
  it('maps search results to compact Australian labels with osm ids', async () => {
    const { places } = createProvider(() => fixtureResponse('nominatim-search.json'));
    await expect(places.autocomplete('optus stadium')).resolves.toEqual([
      {
        id: 'osm:W189745212',
        label: 'Optus Stadium, 333 Victoria Park Drive, Burswood WA 6100, Australia',
      },
      {
        id: 'osm:N5271632210',
        label: 'Perth Stadium, Victoria Park Drive, Burswood WA 6100, Australia',
      },
    ]);
  });

  it('searches Australia only, as jsonv2 with address details, and identifies itself', async () => {
    const { places, requests } = createProvider(() => fixtureResponse('nominatim-search.json'));
    await places.autocomplete('optus stadium');
    const url = new URL(requests[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://nominatim.internal/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'optus stadium',
      format: 'jsonv2',
      countrycodes: 'au',
      limit: '8',
      addressdetails: '1',
    });
    expect(headerOf(requests[0], 'User-Agent')).toBe(DEFAULT_NOMINATIM_USER_AGENT);
  });

  it('looks details up by osm id', async () => {
    const { places, requests } = createProvider(() => fixtureResponse('nominatim-lookup.json'));
    await expect(places.details('osm:W189745212')).resolves.toEqual({
      id: 'osm:W189745212',
      address: 'Optus Stadium, 333 Victoria Park Drive, Burswood WA 6100, Australia',
      lat: -31.9512345,
      lng: 115.8890876,
    });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/lookup');
    expect(url.searchParams.get('osm_ids')).toBe('W189745212');
    expect(url.searchParams.get('format')).toBe('jsonv2');
  });

  it('answers null for a place Nominatim does not know, and for a malformed id without asking', async () => {
    const { places, requests } = createProvider(() =>
      fixtureResponse('nominatim-lookup-empty.json'),
    );
    await expect(places.details('osm:N999')).resolves.toBeNull();
    await expect(places.details('ChIJnotAnOsmId')).resolves.toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('reports HTTP 500 as unavailable', async () => {
    const { places } = createProvider(() => textResponse('Internal Server Error', 500));
    await expect(places.autocomplete('optus')).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
  });

  it('gives up with a timeout error when Nominatim does not answer in time', async () => {
    const places = createNominatimPlacesProvider({
      baseUrl: GEOCODER_URL,
      fetch: hangingFetch,
      timeoutMs: 50,
    });
    await expect(places.details('osm:W189745212')).rejects.toMatchObject({ code: 'timeout' });
  });

  it('reports malformed JSON as unavailable', async () => {
    const { places } = createProvider(() => textResponse('[{"osm_type":'));
    await expect(places.autocomplete('optus')).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
  });
});
