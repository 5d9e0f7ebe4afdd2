import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  type Driver,
  DriverListResponseSchema,
  DriverLocationInputSchema,
  DriverResponseSchema,
  NearestDriversQuerySchema,
  NearestDriversResponseSchema,
  UpdateDriverInputSchema,
} from '../../../domain/drivers';
import { Conflict, NotFound, Unauthenticated } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import {
  findDriver,
  findDriverByUserId,
  listDrivers,
  nearestDrivers,
  ridesOnBoard,
  setDriverStatus,
} from './drivers-repository';
import { suspensionJobsText } from '../../../domain/bookings/suspended-driver';
// The jobs a suspension hands back are told of as the bookings feature reads them.
import { loadBookings } from '../bookings/booking-read-model';
import { closePositionWriter, positionWriterFor } from './position-writer';
// The one document rule (spec section 5) is read through the documents feature.
import { driverPaperProblems } from '../documents/compliance-repository';
import { rosterRoutes } from './roster-routes';
import { scheduleRoutes } from './schedule-routes';
import { shiftRoutes } from './shift-routes';
import { defineFeature } from '../../plugins/app/feature';
import { NO_DRIVER_PROFILE_MESSAGE } from '../../../domain/drivers/api';

const DRIVER_NOT_FOUND = 'Driver not found.';
const ERRORS = { ...PROTECTED_ERRORS, 404: ErrorResponseSchema };

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'live-events', 'settings', 'mail', 'auth'] as const;

/** Drivers for dispatch (list, status, nearest) and for the signed-in driver (me, location). */
export const driversRoutes = defineFeature('drivers', SERVICES, async (app) => {
  const { db } = app;
  const bus = app.liveEvents;
  // Positions are stored write-behind (decision 33): reads here show the
  // newest reported one even before it is written.
  const positions = positionWriterFor(app.db, app.log);
  app.addHook('onClose', () => closePositionWriter(app.db));
  bus.provideLoader('driver', async (id) => {
    const driver = await findDriver(db, id);
    return driver && positions.overlay(driver);
  });
  await app.register(rosterRoutes);
  await app.register(scheduleRoutes);
  await app.register(shiftRoutes);

  async function signedInUserId(request: { viewer(): Promise<{ user: { id: string } | null }> }) {
    const viewer = await request.viewer();
    if (!viewer.user) throw new Unauthenticated();
    return viewer.user.id;
  }

  /** The drivers with what keeps each from work: their papers and their current car's. */
  async function withPaperProblems<T extends Driver>(
    list: T[],
  ): Promise<(T & { paperProblems: string[] })[]> {
    const problems = await driverPaperProblems(
      db,
      list.map((driver) => ({ id: driver.id, vehicle: driver.vehicle })),
    );
    return list.map((driver) => ({ ...driver, paperProblems: problems.get(driver.id) ?? [] }));
  }

  app.get(
    '/api/drivers',
    {
      config: { permission: 'drivers:read' },
      schema: {
        tags: ['drivers'],
        summary:
          'Every driver, newest first, with availability, last position and what keeps them from work',
        response: { 200: DriverListResponseSchema, ...ERRORS },
      },
    },
    async () => ({
      drivers: await withPaperProblems((await listDrivers(db)).map(positions.overlay)),
    }),
  );

  app.get(
    '/api/drivers/nearest',
    {
      config: { permission: 'drivers:read' },
      schema: {
        tags: ['drivers'],
        summary:
          'Active drivers with a known position within radiusKm of a point, nearest first, with what keeps them from work',
        querystring: NearestDriversQuerySchema,
        response: { 200: NearestDriversResponseSchema, ...ERRORS },
      },
    },
    async (request) => ({
      drivers: await withPaperProblems(await nearestDrivers(db, request.query)),
    }),
  );

  app.get(
    '/api/drivers/me',
    {
      config: { permission: 'drivers:self' },
      schema: {
        tags: ['drivers'],
        summary: 'The driver profile linked to the signed-in user',
        response: { 200: DriverResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const driver = await findDriverByUserId(db, await signedInUserId(request));
      if (!driver) throw new NotFound(NO_DRIVER_PROFILE_MESSAGE);
      return { driver: positions.overlay(driver) };
    },
  );

  app.post(
    '/api/drivers/me/location',
    {
      config: { permission: 'drivers:self' },
      schema: {
        tags: ['drivers'],
        summary: "Report the signed-in driver's position (the status is left as it is)",
        body: DriverLocationInputSchema,
        response: { 200: DriverResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const userId = await signedInUserId(request);
      const found = await findDriverByUserId(db, userId);
      if (!found) throw new NotFound(NO_DRIVER_PROFILE_MESSAGE);
      // Published at once; written to the database within a second, with
      // every other position received meanwhile, in one statement.
      const { lat, lng, accuracy, heading } = request.body;
      positions.record({
        driverId: found.id,
        lat,
        lng,
        accuracy: accuracy ?? null,
        heading: heading ?? null,
        at: new Date(),
      });
      const driver = positions.overlay(found);
      await bus.publishDriver(driver);
      return { driver };
    },
  );

  app.patch(
    '/api/drivers/:id',
    {
      config: { permission: 'drivers:write' },
      schema: {
        tags: ['drivers'],
        summary: "Set a driver's status: active (on shift), offline or suspended",
        params: z.object({ id: z.uuid() }),
        body: UpdateDriverInputSchema,
        response: { 200: DriverResponseSchema, ...ERRORS, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await findDriver(db, id);
      if (!before) throw new NotFound(DRIVER_NOT_FOUND);
      const viewer = await request.viewer();
      const released = await db.transaction((tx) =>
        setDriverStatus(tx, id, request.body.status, new Date(), viewer.user?.id ?? null),
      );
      if (released === null) {
        throw new Conflict('This driver is inactive. Reactivate them first.');
      }
      const stored = await findDriver(db, id);
      if (!stored) throw new NotFound(DRIVER_NOT_FOUND);
      const driver = positions.overlay(stored);
      await bus.publishDriver(driver);
      // The jobs a suspension handed back: dispatch sees them flagged, the driver's phone says so.
      for (const booking of await loadBookings(db, released)) {
        await bus.publishBooking('booking.updated', booking, [id]);
      }
      if (driver.status === 'suspended' && before.status !== 'suspended') {
        const name = `${driver.firstName} ${driver.lastName}`;
        await app.notifyAdmins(
          'driverSuspended',
          {
            subject: `Driver suspended: ${name}`,
            text: `${viewer.user?.name ?? 'Someone'} suspended ${name}. They cannot be assigned jobs until set active again.\n${suspensionJobsText(released.length, await ridesOnBoard(db, id))}`,
          },
          request.log,
        );
      }
      return { driver };
    },
  );
});
