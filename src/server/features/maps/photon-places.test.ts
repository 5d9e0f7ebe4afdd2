import { describe, expect, it } from 'vitest';
import { AUSTRALIA_BBOX, createPhotonPlacesProvider } from './photon-places';
import {
  createFakeFetch,
  fixtureResponse,
  hangingFetch,
  textResponse,
} from '../../test/fake-fetch';

const GEOCODER_URL = 'https://photon.internal';

function createProvider(respond: Parameters<typeof createFakeFetch>[0]) {
  const fake = createFakeFetch(respond);
  return {
    ...fake,
    places: createPhotonPlacesProvider({ baseUrl: GEOCODER_URL, fetch: fake.fetch }),
  };
}

describe('Photon places', () => {
  it('maps Australian features to Australian-style labels and drops the others', async () => {
    const { places } = createProvider(() => fixtureResponse('photon-search.json'));
    await expect(places.autocomplete('fremantle')).resolves.toEqual([
      { id: 'osm:R11343642', label: 'Fremantle WA 6160, Australia' },
      {
        id: 'osm:W48702815',
        label: 'Fremantle Markets, 2 Henderson Street, Fremantle WA 6160, Australia',
      },
      { id: 'osm:N6215880147', label: '16 Fremantle Road, Gooseberry Hill WA 6076, Australia' },
    ]);
  });

  it('asks for eight results biased to Perth within a box around Australia', async () => {
    const { places, requests } = createProvider(() => fixtureResponse('photon-search.json'));
    await places.autocomplete('fremantle markets');
    const url = new URL(requests[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://photon.internal/api');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'fremantle markets',
      limit: '8',
      lat: '-31.9523',
      lon: '115.8613',
      bbox: AUSTRALIA_BBOX,
    });
  });

  it('resolves details for a place it has just suggested, without another request', async () => {
    const { places, requests } = createProvider(() => fixtureResponse('photon-search.json'));
    await places.autocomplete('fremantle');
    await expect(places.details('osm:W48702815')).resolves.toEqual({
      id: 'osm:W48702815',
      address: 'Fremantle Markets, 2 Henderson Street, Fremantle WA 6160, Australia',
      lat: -32.0569831,
      lng: 115.7502168,
    });
    expect(requests).toHaveLength(1);
  });

  it('answers null for an id it has not suggested', async () => {
    const { places, requests } = createProvider(() => fixtureResponse('photon-search.json'));
    await expect(places.details('osm:N1')).resolves.toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('reports HTTP 500 as unavailable', async () => {
    const { places } = createProvider(() => textResponse('<h1>500</h1>', 500));
    await expect(places.autocomplete('fremantle')).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
  });

  it('gives up with a timeout error when Photon does not answer in time', async () => {
    const places = createPhotonPlacesProvider({
      baseUrl: GEOCODER_URL,
      fetch: hangingFetch,
      timeoutMs: 50,
    });
    await expect(places.autocomplete('fremantle')).rejects.toMatchObject({ code: 'timeout' });
  });

  it('reports malformed JSON or a body that is not a feature collection as unavailable', async () => {
    for (const body of ['{"type":"FeatureCollection","features":[', '{"type":"Feature"}']) {
      const { places } = createProvider(() => textResponse(body));
      await expect(places.autocomplete('fremantle')).rejects.toMatchObject({
        code: 'provider_unavailable',
      });
    }
  });
});
