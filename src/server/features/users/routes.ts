import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureOptions } from '../../deps';

export const usersRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (_app, _options) => {};
