import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TimelineQuerySchema, TimelineResponseSchema } from '../../../domain/timeline';
import type { FeatureOptions } from '../../deps';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { listTimeline } from './timeline-repository';

/** The dispatcher's Timeline: what happened to bookings, newest first. */
export const timelineRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  const { db, settings } = deps;

  app.get(
    '/api/timeline',
    {
      config: { permission: 'timeline:read' },
      schema: {
        tags: ['timeline'],
        summary: 'Booking events newest first, filtered by kind, driver and day; keyset pages',
        querystring: TimelineQuerySchema,
        response: { 200: TimelineResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => listTimeline(db, request.query, await settings.timeZone()),
  );
};
