import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import { DriverSchema } from '../../../domain/drivers';
import {
  DriverHomeSchema,
  ShiftResponseSchema,
  ShiftSchema,
  StartShiftInputSchema,
} from '../../../domain/drivers/shift';
import {
  DriverHistoryQuerySchema,
  DriverHistoryResponseSchema,
  historyWindow,
  MAX_HISTORY_RANGE_DAYS,
} from '../../../domain/drivers/history';
import { NotFound, Unauthenticated } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { loadBookings } from '../bookings/booking-read-model';
import { findDriver, findDriverByUserId } from './drivers-repository';
import { positionWriterFor } from './position-writer';
import {
  driverHistory,
  endShift,
  nextBooking,
  openShift,
  shiftStartVehicleId,
  startShift,
  todaysTakings,
  vehiclesForDriver,
  waitingJobIds,
} from './shift-repository';
import { NO_DRIVER_PROFILE_MESSAGE } from '../../../domain/drivers/api';

const ERRORS = { ...PROTECTED_ERRORS, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** The driver app: the signed-in driver's home figures and their shift. */
export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, settings } = app;
  const bus = app.liveEvents;
  const positions = positionWriterFor(app.db, app.log);

  /** The driver's waiting jobs show the car they are on shift in: the board hears of a start or end. */
  async function publishWaitingJobs(driverId: string) {
    for (const booking of await loadBookings(db, await waitingJobIds(db, driverId))) {
      await bus.publishBooking('booking.updated', booking);
    }
  }

  async function signedInDriver(request: { viewer(): Promise<{ user: { id: string } | null }> }) {
    const viewer = await request.viewer();
    if (!viewer.user) throw new Unauthenticated();
    const driver = await findDriverByUserId(db, viewer.user.id);
    if (!driver) throw new NotFound(NO_DRIVER_PROFILE_MESSAGE);
    return positions.overlay(driver);
  }

  app.get(
    '/api/drivers/me/home',
    {
      config: { permission: 'drivers:self' },
      schema: {
        tags: ['drivers'],
        summary:
          "The driver app's home: profile, open shift, vehicles to start in, today's earnings and trips, next job",
        response: { 200: DriverHomeSchema, ...ERRORS },
      },
    },
    async (request) => {
      const driver = await signedInDriver(request);
      const now = new Date();
      const timeZone = await settings.timeZone();
      const [shift, vehicles, defaultVehicleId, today, next] = await Promise.all([
        openShift(db, driver.id),
        vehiclesForDriver(db, driver.id),
        shiftStartVehicleId(db, driver.id),
        todaysTakings(db, driver.id, now, timeZone),
        nextBooking(db, driver.id),
      ]);
      return {
        driver,
        shift,
        vehicles,
        defaultVehicleId: vehicles.some((vehicle) => vehicle.id === defaultVehicleId)
          ? defaultVehicleId
          : (vehicles[0]?.id ?? null),
        today,
        nextBooking: next,
      };
    },
  );

  app.post(
    '/api/drivers/me/shift',
    {
      config: { permission: 'drivers:self' },
      schema: {
        tags: ['drivers'],
        summary:
          'Start the signed-in driver’s shift in a vehicle they may drive (default: the last set, by the admin or a shift start); 409 says why they may not',
        body: StartShiftInputSchema,
        response: { 200: ShiftResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const me = await signedInDriver(request);
      const timeZone = await settings.timeZone();
      const shift = await db.transaction((tx) =>
        startShift(tx, me.id, request.body, new Date(), timeZone),
      );
      const stored = await findDriver(db, me.id);
      if (!stored) throw new NotFound(NO_DRIVER_PROFILE_MESSAGE);
      const driver = positions.overlay(stored);
      await bus.publishDriver(driver);
      await publishWaitingJobs(me.id);
      return { shift, driver };
    },
  );

  app.post(
    '/api/drivers/me/shift/end',
    {
      config: { permission: 'drivers:self' },
      schema: {
        tags: ['drivers'],
        summary: 'End the signed-in driver’s shift (shift null when none was open)',
        response: {
          200: z.object({ shift: ShiftSchema.nullable(), driver: DriverSchema }),
          ...ERRORS,
        },
      },
    },
    async (request) => {
      const me = await signedInDriver(request);
      const shift = await db.transaction((tx) => endShift(tx, me.id, new Date(), me.userId));
      const stored = await findDriver(db, me.id);
      if (!stored) throw new NotFound(NO_DRIVER_PROFILE_MESSAGE);
      const driver = positions.overlay(stored);
      await bus.publishDriver(driver);
      await publishWaitingJobs(me.id);
      return { shift, driver };
    },
  );

  app.get(
    '/api/drivers/me/history',
    {
      config: { permission: 'drivers:self' },
      schema: {
        tags: ['drivers'],
        summary:
          "The signed-in driver's finished jobs in the period, newest first, with trips, earnings (completed fares) and no-shows",
        description: `period is today, week or month (so far, in the business time zone), or range with from and to (business dates, both included, at most ${MAX_HISTORY_RANGE_DAYS} days).`,
        querystring: DriverHistoryQuerySchema,
        response: { 200: DriverHistoryResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const driver = await signedInDriver(request);
      return driverHistory(
        db,
        driver.id,
        historyWindow(request.query, new Date(), await settings.timeZone()),
      );
    },
  );
};
