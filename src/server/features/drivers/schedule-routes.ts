import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  LeaveInputSchema,
  LeaveSchema,
  ScheduleQuerySchema,
  ScheduleResponseSchema,
  weekDates,
} from '../../../domain/drivers';
import { dayInZone } from '../../../domain/bookings/wall-time';
import { NotFound } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { findDriverRecord } from './roster-repository';
import { addLeave, listLeave, loadSchedule, removeLeave } from './schedule-repository';

const IdParamsSchema = z.object({ id: z.uuid('is not a driver id') });
const ERRORS = { ...PROTECTED_ERRORS, 404: ErrorResponseSchema };

/** Driver Schedules: the week view and the leave that blocks assigning. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, settings } = app;

  async function assertDriver(id: string) {
    if (!(await findDriverRecord(db, id))) throw new NotFound('Driver not found.');
  }

  app.get(
    '/api/drivers/schedule',
    {
      config: { permission: 'fleet:read' },
      schema: {
        tags: ['drivers'],
        summary: "A week (Monday first) of each driver's jobs per day and leave",
        querystring: ScheduleQuerySchema,
        response: { 200: ScheduleResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      const timeZone = await settings.timeZone();
      const day = request.query.weekOf ?? dayInZone(new Date(), timeZone);
      return loadSchedule(db, weekDates(day), timeZone);
    },
  );

  app.get(
    '/api/drivers/:id/leave',
    {
      config: { permission: 'fleet:read' },
      schema: {
        tags: ['drivers'],
        summary: "A driver's leave, earliest first",
        params: IdParamsSchema,
        response: { 200: z.object({ leave: z.array(LeaveSchema) }), ...ERRORS },
      },
    },
    async (request) => {
      await assertDriver(request.params.id);
      return { leave: await listLeave(db, request.params.id) };
    },
  );

  app.post(
    '/api/drivers/:id/leave',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['drivers'],
        summary: 'Mark a driver unavailable for a date range; dispatch cannot assign them then',
        params: IdParamsSchema,
        body: LeaveInputSchema,
        response: { 201: z.object({ leave: LeaveSchema }), ...ERRORS },
      },
    },
    async (request, reply) => {
      await assertDriver(request.params.id);
      const viewer = await request.viewer();
      const leave = await addLeave(db, request.params.id, request.body, viewer.user?.id ?? null);
      return reply.status(201).send({ leave });
    },
  );

  app.delete(
    '/api/drivers/:id/leave/:leaveId',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['drivers'],
        summary: 'Remove a leave range',
        params: IdParamsSchema.extend({ leaveId: z.uuid('is not a leave id') }),
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const { id, leaveId } = request.params;
      if (!(await removeLeave(db, id, leaveId))) throw new NotFound('No such leave.');
      return reply.status(204).send(null);
    },
  );
};
