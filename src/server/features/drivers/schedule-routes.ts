import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  AddLeaveBodySchema,
  LeaveClashQuerySchema,
  LeaveClashSchema,
  leaveReturnReason,
  LeaveSchema,
  ScheduleQuerySchema,
  ScheduleResponseSchema,
  weekDates,
} from '../../../domain/drivers';
import { dayInZone } from '../../../domain/bookings/wall-time';
import { NotFound } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { loadBooking } from '../bookings/booking-read-model';
// The one way a driver's jobs go back to dispatch (decision 39), as a suspension does.
import { returnJobsToDispatch } from '../bookings/return-to-dispatch';
import { findDriverRecord } from './roster-repository';
import {
  addLeave,
  findLeaveClashes,
  listLeave,
  loadSchedule,
  removeLeave,
} from './schedule-repository';

const IdParamsSchema = z.object({ id: z.uuid('is not a driver id') });
const ERRORS = { ...PROTECTED_ERRORS, 404: ErrorResponseSchema };

/** Driver Schedules: the week view and the leave that blocks assigning. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, settings } = app;
  const bus = app.liveEvents;

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

  app.get(
    '/api/drivers/:id/leave/clashes',
    {
      config: { permission: 'fleet:read' },
      schema: {
        tags: ['drivers'],
        summary: "The driver's assigned jobs (not yet started) with a pickup on a day of a leave",
        params: IdParamsSchema,
        querystring: LeaveClashQuerySchema,
        response: { 200: z.object({ jobs: z.array(LeaveClashSchema) }), ...ERRORS },
      },
    },
    async (request) => {
      await assertDriver(request.params.id);
      const timeZone = await settings.timeZone();
      return { jobs: await findLeaveClashes(db, request.params.id, request.query, timeZone) };
    },
  );

  app.post(
    '/api/drivers/:id/leave',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['drivers'],
        summary:
          'Mark a driver unavailable for a date range; dispatch cannot assign them then. ' +
          'Names their assigned jobs in it and, with returnJobs, hands those back to dispatch',
        params: IdParamsSchema,
        body: AddLeaveBodySchema,
        response: {
          201: z.object({
            leave: LeaveSchema,
            jobs: z
              .array(LeaveClashSchema.extend({ returned: z.boolean() }))
              .describe(
                "The driver's assigned jobs in the leave; returned: handed back to dispatch (pending, flagged)",
              ),
          }),
          ...ERRORS,
        },
      },
    },
    async (request, reply) => {
      const driverId = request.params.id;
      await assertDriver(driverId);
      const viewer = await request.viewer();
      const actorUserId = viewer.user?.id ?? null;
      const timeZone = await settings.timeZone();
      const { returnJobs, ...input } = request.body;
      const { leave, jobs, returned } = await db.transaction(async (tx) => {
        const leave = await addLeave(tx, driverId, input, actorUserId);
        const jobs = await findLeaveClashes(tx, driverId, leave, timeZone);
        const returned = returnJobs
          ? await returnJobsToDispatch(tx, driverId, leaveReturnReason(leave.reason), new Date(), {
              only: jobs.map((job) => job.id),
              actorUserId,
            })
          : [];
        return { leave, jobs, returned };
      });
      // Dispatch sees each flagged 'returned' live; the driver's app drops it.
      for (const id of returned) {
        const booking = await loadBooking(db, id);
        if (booking) await bus.publishBooking('booking.updated', booking, [driverId]);
      }
      return reply.status(201).send({
        leave,
        jobs: jobs.map((job) => ({ ...job, returned: returned.includes(job.id) })),
      });
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
