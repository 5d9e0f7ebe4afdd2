import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JobHistoryQuerySchema, JobHistoryResponseSchema } from '../../../domain/dispatch';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { listJobHistory } from './job-history-repository';

/** The dispatcher's Job History tool: completed jobs, newest first, by keyset cursor. */
export const jobHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/job-history',
    {
      config: { permission: 'job-history:read' },
      schema: {
        tags: ['bookings'],
        summary: 'Completed jobs, newest first, a page at a time (keyset cursor)',
        description:
          'Pass `nextCursor` back as `cursor` for the next, older page; `null` after the oldest job. `total` counts matches up to 1000; `totalIsCapped` says there are more.',
        querystring: JobHistoryQuerySchema,
        response: { 200: JobHistoryResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => listJobHistory(app.db, request.query),
  );
};
