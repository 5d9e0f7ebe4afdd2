import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, MeResponseSchema } from '../../../domain/api';
import { Unauthenticated } from '../../lib/errors';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and their role (null when they have none)',
        response: { 200: MeResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { user, role } = await request.viewer();
      if (!user) throw new Unauthenticated();
      return { user, role };
    },
  );
};
