import { HealthResponseSchema } from '../../../domain/api';
import { defineFeature } from '../../plugins/app/feature';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database'] as const;

export const healthRoutes = defineFeature('health', SERVICES, async (app) => {
  app.get(
    '/api/health',
    {
      config: { permission: 'public' },
      // A few dozen bytes, always under the 1 kB compression threshold: the
      // compression hooks would only cost (docs/performance.md, decision 69).
      compress: false,
      schema: {
        tags: ['health'],
        summary: 'Liveness and which database is in use',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, database: app.connection.kind }),
  );
});
