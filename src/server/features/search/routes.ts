import { z } from 'zod';
import { ErrorResponseSchema, queryNumber } from '../../../domain/api';
import {
  RecentSearchesResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '../../../domain/search';
import { NotFound, Unauthenticated } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { forgetSearch, listRecentSearches, rememberSearch, search } from './search-repository';
import { defineFeature } from '../../plugins/app/feature';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'settings'] as const;

/** The dispatcher's Search: one box over jobs, customers, drivers and locations. */
export const searchRoutes = defineFeature('search', SERVICES, async (app) => {
  const { db, settings } = app;

  async function userIdOf(request: { viewer(): Promise<{ user: { id: string } | null }> }) {
    const viewer = await request.viewer();
    if (!viewer.user) throw new Unauthenticated('Sign in first.');
    return viewer.user.id;
  }

  app.get(
    '/api/search',
    {
      config: { permission: 'search:read' },
      schema: {
        tags: ['search'],
        summary:
          'Jobs, customers, drivers and locations matching q, grouped with counts; remembered in Recent Searches',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      const userId = await userIdOf(request);
      // A job's date is the business's (an early pickup in Perth is the day before in UTC).
      const answer = await search(db, request.query.q, await settings.timeZone());
      await rememberSearch(db, userId, request.query.q);
      return answer;
    },
  );

  app.get(
    '/api/search/recent',
    {
      config: { permission: 'search:read' },
      schema: {
        tags: ['search'],
        summary: "The signed-in user's last 10 searches, newest first",
        response: { 200: RecentSearchesResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => ({ searches: await listRecentSearches(db, await userIdOf(request)) }),
  );

  app.delete(
    '/api/search/recent/:id',
    {
      config: { permission: 'search:read' },
      schema: {
        tags: ['search'],
        summary: 'Remove one of your recent searches',
        params: z.object({ id: queryNumber(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)) }),
        response: { 204: z.null(), ...PROTECTED_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const isRemoved = await forgetSearch(db, await userIdOf(request), request.params.id);
      if (!isRemoved) throw new NotFound('Recent search not found.');
      return reply.status(204).send(null);
    },
  );
});
