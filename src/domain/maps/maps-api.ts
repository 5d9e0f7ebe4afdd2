import { z } from 'zod';
import { text } from '../api/text';

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
