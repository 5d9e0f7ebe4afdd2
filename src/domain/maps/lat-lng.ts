import { z } from 'zod';
import { MAX_STOPOVERS } from './coordinates';

// The plain values live in coordinates.ts, free of zod, for the web's first
// download (decision 34).
export { MAX_STOPOVERS, PERTH_CENTRE, type LatLng } from './coordinates';

// zod 4 numbers already refuse NaN and ±Infinity.
export const LatLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export const RouteRequestSchema = z.object({
  origin: LatLngSchema,
  destination: LatLngSchema,
  stopovers: z.array(LatLngSchema).max(MAX_STOPOVERS).default([]),
});

export type RouteRequestInput = z.input<typeof RouteRequestSchema>;
