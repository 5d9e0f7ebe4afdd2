import { HealthResponseSchema } from '../../../domain/api';
import { defineFeature } from '../../plugins/app/feature';

export const healthRoutes = defineFeature('health', ['database'], async (app) => {
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
    async () => ({ status: 'ok' as const, database: app.connection.kind }),
  );
});
