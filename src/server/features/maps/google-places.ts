import { z } from 'zod';
import { PERTH_CENTRE } from '../../../domain/maps';
import { requestJson } from './request-json';
import {
  createMapsError,
  DEFAULT_TIMEOUT_MS,
  type AdapterOptions,
  type PlaceSuggestion,
  type PlacesProvider,
} from './types';

export const GOOGLE_AUTOCOMPLETE_URL = 'https://places.googleapis.com/v1/places:autocomplete';
export const GOOGLE_PLACE_URL = 'https://places.googleapis.com/v1/places/';

// Places API (New) caps a circle bias at 50 km, which covers Perth and Peel.
const BIAS_RADIUS_METERS = 50_000;

// Place ids are URL-safe base64-like tokens; anything else cannot be one.
const PLACE_ID_PATTERN = /^[A-Za-z0-9_-]{1,1024}$/;

const FormattableText = z.object({ text: z.string() });

const AutocompleteResponse = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text: FormattableText,
            structuredFormat: z
              .object({ mainText: FormattableText, secondaryText: FormattableText.optional() })
              .optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});

const PlaceDetailsResponse = z.object({
  id: z.string(),
  formattedAddress: z.string(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
});

export type GooglePlacesOptions = AdapterOptions & { apiKey: string };

export function createGooglePlacesProvider(options: GooglePlacesOptions): PlacesProvider {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: 'google',

    async autocomplete(query, signal) {
      const input = query.trim();
      if (input.length < 2) return [];
      const response = await requestJson({
        fetch: fetchFn,
        url: GOOGLE_AUTOCOMPLETE_URL,
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': options.apiKey },
          body: JSON.stringify({
            input,
            includedRegionCodes: ['au'],
            regionCode: 'au',
            languageCode: 'en-AU',
            locationBias: {
              circle: {
                center: { latitude: PERTH_CENTRE.lat, longitude: PERTH_CENTRE.lng },
                radius: BIAS_RADIUS_METERS,
              },
            },
          }),
        },
        timeoutMs,
        signal,
        service: 'places',
      });
      if (!response.ok) throw createMapsError('provider_unavailable', 'places');
      const parsed = AutocompleteResponse.safeParse(response.body);
      if (!parsed.success) throw createMapsError('provider_unavailable', 'places', parsed.error);
      return parsed.data.suggestions.flatMap(({ placePrediction }): PlaceSuggestion[] => {
        // Query predictions ('pizza near…') have no place to resolve; skip them.
        if (!placePrediction) return [];
        const secondary = placePrediction.structuredFormat?.secondaryText?.text;
        return [
          {
            id: placePrediction.placeId,
            label: placePrediction.text.text,
            ...(secondary ? { secondary } : {}),
          },
        ];
      });
    },

    async details(id, signal) {
      if (!PLACE_ID_PATTERN.test(id)) return null;
      const response = await requestJson({
        fetch: fetchFn,
        url: `${GOOGLE_PLACE_URL}${encodeURIComponent(id)}`,
        init: {
          method: 'GET',
          headers: {
            'X-Goog-Api-Key': options.apiKey,
            'X-Goog-FieldMask': 'id,formattedAddress,location',
          },
        },
        timeoutMs,
        signal,
        service: 'places',
      });
      if (response.status === 404) return null;
      if (!response.ok) throw createMapsError('provider_unavailable', 'places');
      const parsed = PlaceDetailsResponse.safeParse(response.body);
      if (!parsed.success) throw createMapsError('provider_unavailable', 'places', parsed.error);
      const place = parsed.data;
      return {
        id: place.id,
        address: place.formattedAddress,
        lat: place.location.latitude,
        lng: place.location.longitude,
      };
    },
  };
}
