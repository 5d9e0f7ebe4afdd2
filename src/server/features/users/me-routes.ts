import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, MeResponseSchema } from '../../../domain/api';
import { Unauthenticated } from '../../lib/errors';
import { hasEnabledAdmin } from './users-repository';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary:
          'The signed-in user and their role (null when they have none: then whether an admin exists to give one)',
        response: { 200: MeResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { user, role } = await request.viewer();
      if (!user) throw new Unauthenticated();
      // Someone waiting for a role is told whether anyone can give one.
      if (role === null) return { user, role, hasAdmin: await hasEnabledAdmin(app.db) };
      return { user, role };
    },
  );
};
