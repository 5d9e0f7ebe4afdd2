import { z } from 'zod';
import { queryNumber, text } from '../api/text';

/** Request and response shapes of the maps API, shared by server and web. */
export const PlacesQuerySchema = z.object({
  q: text().trim().min(2, 'type at least 2 characters').max(200),
});

export const PlaceSuggestionSchema = z.object({
  id: z.string(),
  label: z.string(),
  secondary: z.string().optional(),
});
export type PlaceSuggestionDto = z.infer<typeof PlaceSuggestionSchema>;

export const PlaceSchema = z.object({
  id: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Our signature on address, lat and lng: an online booking sends it back (decision 210). */
  proof: z.string().optional(),
});
export type PlaceDto = z.infer<typeof PlaceSchema>;

const RouteOptionSchema = z.object({
  distanceMeters: z.number(),
  durationSeconds: z.number(),
  geometry: z.array(z.tuple([z.number(), z.number()])),
  summary: z.string().optional(),
});

export const RouteResultSchema = RouteOptionSchema.extend({
  /** True when the distance and duration are our own estimate, not a routing service's. */
  isEstimate: z.boolean(),
  alternatives: z.array(RouteOptionSchema),
  provider: z.string(),
});
export type RouteResultDto = z.infer<typeof RouteResultSchema>;

/** GET /api/localities/nearest: the suburb or town a point is in or near. */
export const NearestLocalityQuerySchema = z.object({
  lat: queryNumber(z.number().min(-90).max(90)),
  lng: queryNumber(z.number().min(-180).max(180)),
});

export const NearestLocalityResponseSchema = z.object({
  /** Null when no locality's centre is within 25 km (at sea, in the outback). */
  locality: z
    .object({
      /** 'Redcliffe WA 6104'. */
      label: z.string(),
      /** From the locality's centre. */
      distanceMeters: z.number(),
    })
    .nullable(),
});
export type NearestLocalityResponse = z.infer<typeof NearestLocalityResponseSchema>;
