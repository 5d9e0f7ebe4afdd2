import { z } from 'zod';
import { formatAustralianAddress } from './australian-address';
import { joinUrl, requestJson } from './request-json';
import {
  createMapsError,
  DEFAULT_TIMEOUT_MS,
  type AdapterOptions,
  type Place,
  type PlacesProvider,
} from './types';

// Nominatim's usage policy asks every client to identify itself.
export const DEFAULT_NOMINATIM_USER_AGENT =
  'perth-chauffeur-ops/0.1 (server-side address search for a Perth chauffeur service)';

const OSM_ID_PATTERN = /^osm:([NWR])(\d{1,20})$/;

const NominatimPlace = z.object({
  osm_type: z.enum(['node', 'way', 'relation']),
  osm_id: z.number(),
  lat: z.string(),
  lon: z.string(),
  name: z.string().optional(),
  display_name: z.string(),
  address: z
    .object({
      house_number: z.string().optional(),
      road: z.string().optional(),
      suburb: z.string().optional(),
      city_district: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      postcode: z.string().optional(),
      country_code: z.string().optional(),
    })
    .optional(),
});

const NominatimResponse = z.array(z.unknown());

export type NominatimPlacesOptions = AdapterOptions & { baseUrl: string; userAgent?: string };

export function createNominatimPlacesProvider(options: NominatimPlacesOptions): PlacesProvider {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers = {
    Accept: 'application/json',
    'User-Agent': options.userAgent ?? DEFAULT_NOMINATIM_USER_AGENT,
  };

  const fetchPlaces = async (path: string, signal?: AbortSignal): Promise<Place[]> => {
    const response = await requestJson({
      fetch: fetchFn,
      url: joinUrl(options.baseUrl, path),
      init: { method: 'GET', headers },
      timeoutMs,
      signal,
      service: 'places',
    });
    if (!response.ok) throw createMapsError('provider_unavailable', 'places');
    const parsed = NominatimResponse.safeParse(response.body);
    if (!parsed.success) throw createMapsError('provider_unavailable', 'places', parsed.error);
    return parsed.data.flatMap((raw) => {
      const place = NominatimPlace.safeParse(raw);
      if (!place.success) return [];
      const countryCode = place.data.address?.country_code;
      if (countryCode !== undefined && countryCode !== 'au') return [];
      const converted = toPlace(place.data);
      return converted ? [converted] : [];
    });
  };

  return {
    name: 'nominatim',

    async autocomplete(query, signal) {
      const q = query.trim();
      if (q.length < 2) return [];
      const params = new URLSearchParams({
        q,
        format: 'jsonv2',
        countrycodes: 'au',
        limit: '8',
        addressdetails: '1',
      });
      const places = await fetchPlaces(`search?${params}`, signal);
      return places.map((place) => ({ id: place.id, label: place.address }));
    },

    async details(id, signal) {
      const match = OSM_ID_PATTERN.exec(id);
      if (!match) return null;
      const params = new URLSearchParams({
        osm_ids: `${match[1]}${match[2]}`,
        format: 'jsonv2',
        addressdetails: '1',
      });
      const [place] = await fetchPlaces(`lookup?${params}`, signal);
      return place ?? null;
    },
  };
}

function toPlace(place: z.infer<typeof NominatimPlace>): Place | undefined {
  const lat = Number(place.lat);
  const lng = Number(place.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  const address = place.address;
  return {
    id: `osm:${place.osm_type.charAt(0).toUpperCase()}${place.osm_id}`,
    address: address
      ? formatAustralianAddress({
          name: place.name,
          houseNumber: address.house_number,
          street: address.road,
          suburb:
            address.suburb ??
            address.town ??
            address.village ??
            address.city_district ??
            address.city,
          state: address.state,
          postcode: address.postcode,
        })
      : place.display_name,
    lat,
    lng,
  };
}
