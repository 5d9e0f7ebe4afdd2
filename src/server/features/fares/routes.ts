import { ErrorResponseSchema } from '../../../domain/api';
import {
  QuoteInputSchema,
  QuoteResponseSchema,
  quoteFare,
  toQuoteResponse,
} from '../../../domain/fares';
import { defineFeature } from '../../plugins/app/feature';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['settings'] as const;

/** Prices a route with the tariff table in settings. Public: the calculator and widget use it. */
export const quoteRoutes = defineFeature('fares', SERVICES, async (app) => {
  app.post(
    '/api/quotes',
    {
      config: { permission: 'public' },
      // A quote (or its 400) is a few hundred bytes, always under the 1 kB
      // compression threshold: the compression hooks would only cost (decision 69).
      compress: false,
      schema: {
        tags: ['fares'],
        summary: 'Price a route: base, distance tiers, time, child seats, minimum, rounded fare',
        body: QuoteInputSchema,
        response: { 200: QuoteResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => toQuoteResponse(quoteFare(request.body, await app.settings.tariffs())),
  );
});
