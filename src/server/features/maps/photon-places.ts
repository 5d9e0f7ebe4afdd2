import { z } from 'zod';
import { PERTH_CENTRE } from '../../../domain/maps';
import { formatAustralianAddress } from './australian-address';
import { createLruCache } from './lru-cache';
import { joinUrl, requestJson } from './request-json';
import {
  createMapsError,
  DEFAULT_TIMEOUT_MS,
  type AdapterOptions,
  type Place,
  type PlaceSuggestion,
  type PlacesProvider,
} from './types';

/** minLon,minLat,maxLon,maxLat around mainland Australia and Tasmania. */
export const AUSTRALIA_BBOX = '112.9,-43.7,153.7,-10.6';

const PhotonFeature = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    osm_type: z.enum(['N', 'W', 'R']),
    osm_id: z.number(),
    countrycode: z.string().optional(),
    name: z.string().optional(),
    housenumber: z.string().optional(),
    street: z.string().optional(),
    district: z.string().optional(),
    locality: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    postcode: z.string().optional(),
  }),
});

const PhotonResponse = z.object({ features: z.array(z.unknown()) });

export type PhotonPlacesOptions = AdapterOptions & { baseUrl: string };

/**
 * Photon has no lookup by id, so details() answers from the places recently
 * returned by autocomplete, which is where every id a user selects comes from.
 */
export function createPhotonPlacesProvider(options: PhotonPlacesOptions): PlacesProvider {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const recentPlaces = createLruCache<string, Place>({ maxEntries: 2000, ttlMs: 24 * 3600_000 });

  return {
    name: 'photon',

    async autocomplete(query, signal) {
      const q = query.trim();
      if (q.length < 2) return [];
      const params = new URLSearchParams({
        q,
        limit: '8',
        lat: String(PERTH_CENTRE.lat),
        lon: String(PERTH_CENTRE.lng),
        bbox: AUSTRALIA_BBOX,
      });
      const response = await requestJson({
        fetch: fetchFn,
        url: joinUrl(options.baseUrl, `api?${params}`),
        init: { method: 'GET', headers: { Accept: 'application/json' } },
        timeoutMs,
        signal,
        service: 'places',
      });
      if (!response.ok) throw createMapsError('provider_unavailable', 'places');
      const parsed = PhotonResponse.safeParse(response.body);
      if (!parsed.success) throw createMapsError('provider_unavailable', 'places', parsed.error);

      const suggestions: PlaceSuggestion[] = [];
      for (const raw of parsed.data.features) {
        // One odd feature should not cost the user the other seven.
        const feature = PhotonFeature.safeParse(raw);
        if (!feature.success || feature.data.properties.countrycode !== 'AU') continue;
        const place = toPlace(feature.data);
        recentPlaces.set(place.id, place);
        suggestions.push({ id: place.id, label: place.address });
      }
      return suggestions;
    },

    async details(id) {
      return recentPlaces.get(id) ?? null;
    },
  };
}

function toPlace({ geometry, properties }: z.infer<typeof PhotonFeature>): Place {
  const [lng, lat] = geometry.coordinates;
  return {
    id: `osm:${properties.osm_type}${properties.osm_id}`,
    address: formatAustralianAddress({
      name: properties.name,
      houseNumber: properties.housenumber,
      street: properties.street,
      // Photon puts the suburb in district when city is the metropolis.
      suburb: properties.district ?? properties.city ?? properties.locality,
      state: properties.state,
      postcode: properties.postcode,
    }),
    lat,
    lng,
  };
}
