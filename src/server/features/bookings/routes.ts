import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  AssignBookingInputSchema,
  BookingDetailResponseSchema,
  BookingListQuerySchema,
  BookingListResponseSchema,
  BookingResponseSchema,
  canDriverSetStatus,
  CreateBookingInputSchema,
  CreatedBookingsResponseSchema,
  DRIVER_STATUS_REFUSAL,
  UpdateBookingInputSchema,
  type Booking,
  type UpdateBookingInput,
} from '../../../domain/bookings';
import { centsToDollars, dollarsToCents } from '../../../domain/format';
import { Forbidden, NotFound } from '../../lib/errors';
import { parseIdempotencyKey, runIdempotent } from '../../lib/idempotency';
import {
  DEFAULT_SET_OFF_WINDOW_MINUTES,
  NOT_YOUR_JOB_REFUSAL,
  ProgressBookingInputSchema,
} from '../../../domain/bookings/driver-jobs';
import { driverJobRoutes, tappedAt } from './driver-job-routes';
import { jobHistoryRoutes } from './job-history-routes';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { driverIdOfUser } from '../drivers/driver-of-user';
import type { Viewer } from '../../plugins/auth';
import {
  AssignBookingResponseSchema,
  JobClashesResponseSchema,
} from '../../../domain/bookings/assignment';
import { bookingForDriver } from '../../../domain/bookings/driver-view';
import { checkAssignment, jobClashes } from './assignment-repository';
import { newBookingDrafts, newBookingRoute } from './booking-drafts';
import { createBookings, storedPhone } from './create-bookings';
import { assignBooking, changeBookingStatus } from './booking-status-changes';
import { requireAccountCode, updateBooking } from './bookings-repository';
import {
  listBookings,
  loadBooking,
  loadBookingEvents,
  type BookingScope,
} from './booking-read-model';
import { defineFeature } from '../../plugins/app/feature';

const IdParamsSchema = z.object({ id: z.uuid() });
const ERRORS = { ...PROTECTED_ERRORS, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const BOOKING_NOT_FOUND = 'Booking not found.';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'live-events', 'settings', 'maps'] as const;

/** The dispatch board's bookings: create (one or a shuttle run), list, read, edit, assign, progress. */
export const bookingsRoutes = defineFeature('bookings', SERVICES, async (app) => {
  const { db, maps, settings } = app;
  const bus = app.liveEvents;
  const creation = { db, maps, settings, bus };
  bus.provideLoader('booking', (id) => loadBooking(db, id));
  await app.register(driverJobRoutes);
  await app.register(jobHistoryRoutes);

  /** Dispatch and admin see every booking; a driver only the ones given to their driver row. */
  async function scopeFor(viewer: Viewer): Promise<BookingScope> {
    if (viewer.role !== 'driver' || !viewer.user) return { kind: 'all' };
    return { kind: 'driver', driverId: await driverIdOfUser(db, viewer.user.id) };
  }

  async function publishUpdated(booking: Booking | null, formerDriverId: string | null) {
    if (!booking) return;
    await bus.publishBooking('booking.updated', booking, formerDriverId ? [formerDriverId] : []);
  }

  app.post(
    '/api/bookings',
    {
      config: { permission: 'bookings:write' },
      schema: {
        tags: ['bookings'],
        summary: 'Create a booking, or a shuttle run (one booking per stop) in one transaction',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: CreateBookingInputSchema,
        response: { 201: CreatedBookingsResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const viewer = await request.viewer();
      const { body } = await createBookings(
        creation,
        {
          drafts: newBookingDrafts(input),
          contact: {
            customerId: input.customerId,
            name: input.passengerName,
            phone: input.phone,
            email: input.email,
          },
          route: newBookingRoute(input),
          source: 'dispatch',
          actor: viewer.user?.id ?? null,
          idempotency: {
            scope: 'booking',
            key: parseIdempotencyKey(request.headers['idempotency-key']),
            body: input,
          },
          validate: (tx) => requireAccountCode(tx, input.accountCode, 'accountCode'),
        },
        (bookings) => ({ bookings }),
      );
      return reply.status(201).send(body);
    },
  );

  app.get(
    '/api/bookings',
    {
      config: { permission: 'bookings:read' },
      schema: {
        tags: ['bookings'],
        summary: 'Bookings by pickup time (a driver sees only their own)',
        querystring: BookingListQuerySchema,
        response: { 200: BookingListResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const scope = await scopeFor(await request.viewer());
      const list = await listBookings(db, request.query, scope);
      return scope.kind === 'driver'
        ? { ...list, bookings: list.bookings.map(bookingForDriver) }
        : list;
    },
  );

  app.get(
    '/api/bookings/:id',
    {
      config: { permission: 'bookings:read' },
      schema: {
        tags: ['bookings'],
        summary: 'One booking with its history, oldest event first',
        params: IdParamsSchema,
        response: { 200: BookingDetailResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const scope = await scopeFor(await request.viewer());
      const booking = await loadBooking(db, request.params.id, scope);
      if (!booking) throw new NotFound(BOOKING_NOT_FOUND);
      const events = await loadBookingEvents(db, booking.id);
      if (scope.kind !== 'driver') return { booking, events };
      // A driver reads what happened, not what was typed: an edit's changes may hold contacts.
      return {
        booking: bookingForDriver(booking),
        events: events.map((event) =>
          event.type === 'updated' ? { ...event, changes: {} } : event,
        ),
      };
    },
  );

  app.patch(
    '/api/bookings/:id',
    {
      config: { permission: 'bookings:write' },
      schema: {
        tags: ['bookings'],
        summary:
          'Edit a booking; the changed fields are recorded as an event. fareAmount sets the fare by hand (later route edits keep it); fareSetByHand: false prices a hand-set fare from the route again with the tariffs in force (a pending or assigned booking with a measured route, else 409). With expectedUpdatedAt (the updatedAt the caller saw), a booking changed since in any way (an edit, a driver, a status) is refused with 409 saying when and by whom, and nothing changes',
        params: IdParamsSchema,
        body: UpdateBookingInputSchema,
        response: { 200: BookingResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      const { id } = request.params;
      const { expectedUpdatedAt, ...edit } = request.body;
      const tariffs = await settings.tariffs();
      const expected =
        expectedUpdatedAt === undefined
          ? undefined
          : { updatedAt: expectedUpdatedAt, timeZone: await settings.timeZone() };
      const { changed } = await db.transaction(async (tx) => {
        // A code the booking has already is not asked about again.
        const { accountCode } = edit;
        if (accountCode && accountCode !== (await loadBooking(tx, id))?.accountCode) {
          await requireAccountCode(tx, accountCode, 'accountCode');
        }
        return updateBooking(
          tx,
          id,
          editedColumns(edit),
          viewer.user?.id ?? null,
          tariffs,
          expected,
        );
      });
      const booking = await loadBooking(db, id);
      if (!booking) throw new NotFound(BOOKING_NOT_FOUND);
      if (changed) await publishUpdated(booking, null);
      return { booking };
    },
  );

  app.post(
    '/api/bookings/:id/assign',
    {
      config: { permission: 'bookings:write' },
      schema: {
        tags: ['bookings'],
        summary:
          "Give a booking to a driver (and the driver's vehicle unless another is named); warns when the vehicle is too small. A pending, assigned or en-route booking (an en-route one is taken off the driver on the way and waits for the new driver's Accept); later statuses answer 409. With expectedDriverId (the driver the caller saw on it, null: none), a booking that has another driver by now is refused with 409 naming them, and nothing changes",
        params: IdParamsSchema,
        body: AssignBookingInputSchema,
        response: { 200: AssignBookingResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      const { id } = request.params;
      const { driverId, vehicleId, expectedDriverId } = request.body;
      const timeZone = await settings.timeZone();
      const { formerDriverId, capacityWarning, clashWarning } = await db.transaction(async (tx) => {
        const check = await checkAssignment(tx, { bookingId: id, driverId, vehicleId }, timeZone);
        const assigned = await assignBooking(
          tx,
          id,
          { driverId, vehicleId: check.vehicleId, expectedDriverId },
          viewer.user?.id ?? null,
        );
        return {
          ...assigned,
          capacityWarning: check.capacityWarning,
          clashWarning: check.clashWarning,
        };
      });
      const booking = await loadBooking(db, id);
      if (!booking) throw new NotFound(BOOKING_NOT_FOUND);
      await publishUpdated(booking, formerDriverId);
      return { booking, capacityWarning, clashWarning };
    },
  );

  app.get(
    '/api/bookings/:id/clashes',
    {
      // For Assign, a dispatcher's tool: which drivers are already held around this pickup.
      config: { permission: 'bookings:write' },
      schema: {
        tags: ['bookings'],
        summary:
          "The drivers who have another job (assigned to them, not finished) that this booking does not fit beside: the other job's pickup comes before the driver could get there after this one, or this pickup before they could get here after the other (its trip, 10 minutes' turnaround and a straight-line drive estimate between them; an hour for a trip without a route). Stops of one shuttle run never clash with each other. Assigning such a driver is allowed and answers the warning",
        params: IdParamsSchema,
        response: { 200: JobClashesResponseSchema, ...ERRORS },
      },
    },
    async (request) => ({
      clashes: await jobClashes(db, request.params.id, await settings.timeZone()),
    }),
  );

  app.post(
    '/api/bookings/:id/status',
    {
      config: { permission: 'bookings:progress' },
      schema: {
        tags: ['bookings'],
        summary: `Move a booking along its lifecycle (a driver: their own jobs only; En route and Completed no earlier than the set-off window before the pickup time, ${DEFAULT_SET_OFF_WINDOW_MINUTES} minutes unless Settings → Dispatch says otherwise; no-show after the waiting time, counted from the pickup time at the earliest; a step to the status the job has already is answered as done, with no new event). occurredAt: when it happened (a phone sends the time the driver tapped); Idempotency-Key makes a resend safe. With expectedStatus and expectedDriverId (the status and driver the caller saw on it, null: none), a booking that has another status or driver by now is refused with 409 naming its driver and status now, and nothing changes; either left out is not checked`,
        params: IdParamsSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: ProgressBookingInputSchema,
        response: { 200: BookingResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      const { id } = request.params;
      const { status, expectedStatus, expectedDriverId } = request.body;
      const occurredAt = tappedAt(request.body.occurredAt);
      const scope = await scopeFor(viewer);
      if (scope.kind === 'driver') {
        if (!(await loadBooking(db, id, scope))) throw new NotFound(NOT_YOUR_JOB_REFUSAL);
        if (!canDriverSetStatus(status)) throw new Forbidden(DRIVER_STATUS_REFUSAL);
      }
      const tariffs = await settings.tariffs();
      const { noShowWaitMinutes, setOffWindowMinutes } = await settings.dispatch();
      const timeZone = await settings.timeZone();
      const { body: changed, replayed } = await runIdempotent(
        db,
        {
          scope: `booking-status:${viewer.user?.id ?? ''}`,
          key: parseIdempotencyKey(request.headers['idempotency-key']),
          body: { id, ...request.body },
        },
        async (tx) => ({
          statusCode: 200,
          body: await changeBookingStatus(tx, id, status, {
            userId: viewer.user?.id ?? null,
            tariffs,
            seen: { status: expectedStatus, driverId: expectedDriverId },
            stamp: {
              occurredAt,
              ...(scope.kind === 'driver'
                ? { byDriver: { noShowWaitMinutes, setOffWindowMinutes, timeZone } }
                : {}),
            },
            ...(scope.kind === 'driver' ? { onlyDriverId: scope.driverId } : {}),
          }),
        }),
      );
      const { formerDriverId } = changed;
      const booking = await loadBooking(db, id);
      if (!booking) throw new NotFound(BOOKING_NOT_FOUND);
      if (!replayed && !changed.isUnchanged) {
        await publishUpdated(booking, formerDriverId);
        // Busy and free follow the driver's jobs in progress: tell the map.
        const driverId = booking.driver?.id ?? formerDriverId;
        if (driverId) await bus.publishDriver({ id: driverId });
      }
      return { booking: scope.kind === 'driver' ? bookingForDriver(booking) : booking };
    },
  );
});

/** The request's fields in the form the repository compares and stores. */
function editedColumns(input: Omit<UpdateBookingInput, 'expectedUpdatedAt'>) {
  const { email: _email, phone, accountCode, fareAmount, ...rest } = input;
  return {
    ...rest,
    ...(fareAmount !== undefined ? { fareAmount: centsToDollars(dollarsToCents(fareAmount)) } : {}),
    ...(phone !== undefined ? { phone: storedPhone(phone) } : {}),
    ...(accountCode !== undefined ? { accountCode: accountCode || null } : {}),
    ...(input.pickupTime !== undefined
      ? { pickupTime: new Date(input.pickupTime).toISOString() }
      : {}),
  };
}
