import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  QuoteInputSchema,
  QuoteResponseSchema,
  quoteFare,
  toQuoteResponse,
} from '../../../domain/fares';
import type { SettingsRepository } from '../settings/settings-repository';

/** Prices a route with the tariff table in settings. Public: the calculator and widget use it. */
export const quoteRoutes: FastifyPluginAsyncZod<{ settings: SettingsRepository }> = async (
  app,
  options,
) => {
  app.post(
    '/api/quotes',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['fares'],
        summary: 'Price a route: base, distance tiers, time, child seats, minimum, rounded fare',
        body: QuoteInputSchema,
        response: { 200: QuoteResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => toQuoteResponse(quoteFare(request.body, await options.settings.tariffs())),
  );
};
