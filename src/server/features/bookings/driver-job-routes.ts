import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import { BookingResponseSchema } from '../../../domain/bookings';
import {
  AcknowledgeJobInputSchema,
  DeclineJobInputSchema,
  DriverJobResponseSchema,
  DriverJobsResponseSchema,
  NOT_YOUR_JOB_REFUSAL,
  tapTime,
} from '../../../domain/bookings/driver-jobs';
import { NotFound, Unauthenticated, invalidField } from '../../lib/errors';
import { parseIdempotencyKey, runIdempotent } from '../../lib/idempotency';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { driverIdOfUser } from '../drivers/driver-of-user';
import { acknowledgeJob, declineJob } from './booking-status-changes';
import { loadBooking } from './booking-read-model';
import { listDriverJobs, loadDriverJob } from './driver-jobs-read-model';
import { NO_DRIVER_PROFILE_MESSAGE } from '../../../domain/drivers/api';

const IdParamsSchema = z.object({ id: z.uuid() });
const IdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().optional() });
const ERRORS = { ...PROTECTED_ERRORS, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const BOOKING_NOT_FOUND = 'Booking not found.';

/** When the driver tapped, from the phone's occurredAt; a 400 naming the field when implausible. */
export function tappedAt(occurredAt: string | undefined, now = new Date()): Date {
  const tap = tapTime(occurredAt, now);
  if ('problem' in tap) throw invalidField('occurredAt', tap.problem);
  return tap.at;
}

/** The driver app's jobs: the signed-in driver's list, Accept and Decline. */
export const driverJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const bus = app.liveEvents;

  async function signedInDriver(request: {
    viewer(): Promise<{ user: { id: string } | null }>;
  }): Promise<{ userId: string; driverId: string | null }> {
    const viewer = await request.viewer();
    if (!viewer.user) throw new Unauthenticated();
    return { userId: viewer.user.id, driverId: await driverIdOfUser(db, viewer.user.id) };
  }

  app.get(
    '/api/drivers/me/jobs',
    {
      config: { permission: 'drivers:self' },
      schema: {
        tags: ['bookings'],
        summary: "The signed-in driver's job in progress and their assigned jobs, earliest first",
        response: { 200: DriverJobsResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { driverId } = await signedInDriver(request);
      if (!driverId) throw new NotFound(NO_DRIVER_PROFILE_MESSAGE);
      // The phone holds its job cards to the same saved timings the server does.
      const { noShowWaitMinutes, setOffWindowMinutes } = await app.settings.dispatch();
      return { ...(await listDriverJobs(db, driverId)), noShowWaitMinutes, setOffWindowMinutes };
    },
  );

  app.post(
    '/api/bookings/:id/acknowledge',
    {
      config: { permission: 'drivers:self' },
      schema: {
        tags: ['bookings'],
        summary:
          'The assigned driver accepts the job (Accept); occurredAt is when they tapped, Idempotency-Key makes a resend safe',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: AcknowledgeJobInputSchema,
        response: { 200: DriverJobResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const me = await signedInDriver(request);
      const { id } = request.params;
      const occurredAt = tappedAt(request.body.occurredAt);
      await runIdempotent(
        db,
        {
          scope: `driver-job:${me.userId}`,
          key: parseIdempotencyKey(request.headers['idempotency-key']),
          body: { action: 'acknowledge', id, ...request.body },
        },
        async (tx) => {
          await acknowledgeJob(tx, id, { ...me, occurredAt });
          return { statusCode: 200, body: { id } };
        },
      );
      const job = await loadDriverJob(db, id);
      if (!job || job.driver?.id !== me.driverId) throw new NotFound(NOT_YOUR_JOB_REFUSAL);
      // Dispatch sees the booking as dispatch does: its flags clear with the Accept.
      const booking = await loadBooking(db, id);
      if (booking) await bus.publishBooking('booking.updated', booking);
      return { job };
    },
  );

  app.post(
    '/api/bookings/:id/decline',
    {
      config: { permission: 'drivers:self' },
      schema: {
        tags: ['bookings'],
        summary:
          'The assigned driver declines the job with a reason: it goes back to pending for dispatch',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: DeclineJobInputSchema,
        response: { 200: BookingResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const me = await signedInDriver(request);
      const { id } = request.params;
      const { reason } = request.body;
      const occurredAt = tappedAt(request.body.occurredAt);
      const { replayed } = await runIdempotent(
        db,
        {
          scope: `driver-job:${me.userId}`,
          key: parseIdempotencyKey(request.headers['idempotency-key']),
          body: { action: 'decline', id, ...request.body },
        },
        async (tx) => {
          await declineJob(tx, id, { ...me, occurredAt, reason });
          return { statusCode: 200, body: { id } };
        },
      );
      const booking = await loadBooking(db, id);
      if (!booking) throw new NotFound(BOOKING_NOT_FOUND);
      if (!replayed && me.driverId) {
        await bus.publishBooking('booking.updated', booking, [me.driverId]);
        await bus.publishDriver({ id: me.driverId });
      }
      return { booking };
    },
  );
};
