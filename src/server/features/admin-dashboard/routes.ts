import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureOptions } from '../../deps';

export const adminDashboardRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (
  _app,
  _options,
) => {};
