import { z } from 'zod';

// zod 4 numbers already refuse NaN and ±Infinity.
export const LatLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export type LatLng = z.infer<typeof LatLngSchema>;

/** Perth GPO on Forrest Place: the default map centre and search bias. */
export const PERTH_CENTRE: LatLng = { lat: -31.9523, lng: 115.8613 };

// Google's Routes API accepts at most 25 intermediate waypoints; OSRM allows more.
export const MAX_STOPOVERS = 25;

export const RouteRequestSchema = z.object({
  origin: LatLngSchema,
  destination: LatLngSchema,
  stopovers: z.array(LatLngSchema).max(MAX_STOPOVERS).default([]),
});

export type RouteRequestInput = z.input<typeof RouteRequestSchema>;
