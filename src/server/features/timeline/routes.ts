import { TimelineQuerySchema, TimelineResponseSchema } from '../../../domain/timeline';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { listTimeline } from './timeline-repository';
import { defineFeature } from '../../plugins/app/feature';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'settings'] as const;

/** The dispatcher's Timeline: what happened to bookings, newest first. */
export const timelineRoutes = defineFeature('timeline', SERVICES, async (app) => {
  const { db, settings } = app;

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
});
