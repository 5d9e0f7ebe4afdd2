import { z } from 'zod';
import { ErrorResponseSchema, text } from '../../../domain/api';
import {
  NearestLocalityQuerySchema,
  NearestLocalityResponseSchema,
  PlaceSchema,
  PlaceSuggestionSchema,
  PlacesQuerySchema,
  RouteRequestSchema,
  RouteResultSchema,
} from '../../../domain/maps';
import { AppError, NotFound } from '../../lib/errors';
import { defineFeature } from '../../plugins/app/feature';
import { MAPS_ERROR_HTTP_STATUS, MapsProviderError } from './types';

// Public and backed by paid vendors when configured: limit each address.
const RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

function toAppError(error: unknown): unknown {
  return error instanceof MapsProviderError
    ? new AppError(MAPS_ERROR_HTTP_STATUS[error.code], error.code, error.message)
    : error;
}

const ERRORS = {
  400: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
  503: ErrorResponseSchema,
};

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['maps'] as const;

/** Address autocomplete (Australia only), place details and driving routes. */
export const mapsRoutes = defineFeature('maps', SERVICES, async (app) => {
  const { maps } = app;
  app.get(
    '/api/places',
    {
      config: { permission: 'public', rateLimit: RATE_LIMIT },
      schema: {
        tags: ['maps'],
        summary: 'Address suggestions in Australia for what the user typed',
        querystring: PlacesQuerySchema,
        response: { 200: z.object({ places: z.array(PlaceSuggestionSchema) }), ...ERRORS },
      },
    },
    async (request) => {
      try {
        return { places: await maps.autocomplete(request.query.q) };
      } catch (error) {
        throw toAppError(error);
      }
    },
  );

  app.get(
    '/api/places/:id',
    {
      config: { permission: 'public', rateLimit: RATE_LIMIT },
      schema: {
        tags: ['maps'],
        summary: 'Address and coordinates of a suggested place',
        params: z.object({ id: text().min(1).max(300) }),
        response: { 200: PlaceSchema, ...ERRORS },
      },
    },
    async (request) => {
      let place;
      try {
        place = await maps.details(request.params.id);
      } catch (error) {
        throw toAppError(error);
      }
      if (!place) throw new NotFound('No such place.');
      // Signed: an online booking sends it back with the place (decision 210).
      return { ...place, proof: app.placeProofs.sign(place) };
    },
  );

  app.post(
    '/api/routes',
    {
      config: { permission: 'public', rateLimit: RATE_LIMIT },
      schema: {
        tags: ['maps'],
        summary:
          'Driving route through origin, ordered stopovers and destination, summed over all legs',
        body: RouteRequestSchema,
        response: {
          200: RouteResultSchema,
          ...ERRORS,
          422: ErrorResponseSchema,
          504: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      try {
        return await maps.route(request.body);
      } catch (error) {
        throw toAppError(error);
      }
    },
  );

  app.get(
    '/api/localities/nearest',
    {
      config: { permission: 'public', rateLimit: RATE_LIMIT },
      schema: {
        tags: ['maps'],
        summary: 'The suburb or town a point is in or near (the offline gazetteer)',
        querystring: NearestLocalityQuerySchema,
        response: { 200: NearestLocalityResponseSchema, ...ERRORS },
      },
    },
    async (request) => ({ locality: await maps.nearestLocality(request.query) }),
  );
});
