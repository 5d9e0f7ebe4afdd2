import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '../../../domain/api';
import type { DatabaseKind } from '../../db/database';

export const healthRoutes: FastifyPluginAsyncZod<{ databaseKind: DatabaseKind }> = async (
  app,
  options,
) => {
  app.get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and which database is in use',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, database: options.databaseKind }),
  );
};
