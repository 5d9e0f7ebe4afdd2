import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureOptions } from '../../deps';

export const customersRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (_app, _options) => {};
