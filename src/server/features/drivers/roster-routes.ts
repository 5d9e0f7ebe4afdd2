import { CSV_FILE } from '../../plugins/openapi';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { z } from 'zod';
import { businessPeriods } from '../../../domain/admin';
import { periodWindows } from '../../../domain/drivers/history';
import { ErrorResponseSchema } from '../../../domain/api';
import type { MailStatus } from '../../../domain/mail';
import {
  BookingRatingInputSchema,
  BookingRatingResponseSchema,
  BookingRatingSchema,
  DRIVER_RECORD_STATUS_LABELS,
  DriverCreateInputSchema,
  INVITATION_NEEDS_EMAIL,
  DriverRecordUpdateSchema,
  DriverRosterQuerySchema,
  DriverRosterResponseSchema,
  formatRating,
  rosterVehicleText,
  RosterDriverResponseSchema,
  CreatedDriverResponseSchema,
  type RosterDriver,
} from '../../../domain/drivers';
import { Conflict, NotFound, invalidField } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { neutralizeFormula } from '../../lib/csv';
import { createInvitedUser, sendInvitation } from '../users/invite-user';
import { deleteSessions, setDisabled, setRole } from '../users/users-repository';
import { deactivateDriver, findDriver } from './drivers-repository';
import { loadBookings } from '../bookings/booking-read-model';
import {
  assertDriverContactsFree,
  deleteUnlinkedUser,
  findDriverRecord,
  findLinkableUser,
  findRosterDriver,
  insertDriver,
  listRoster,
  lockDriverContacts,
  reactivateDriver,
  updateDriverRecord,
} from './roster-repository';
import { findBookingForRating, findBookingRating, saveBookingRating } from './ratings-repository';
import { phoneForDisplay } from '../../../domain/customers/phone-display';

const IdParamsSchema = z.object({ id: z.uuid('is not a driver id') });
const BookingParamsSchema = z.object({ id: z.uuid('is not a booking id') });
const ERRORS = { ...PROTECTED_ERRORS, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const DRIVER_NOT_FOUND = 'Driver not found.';

export const ROSTER_CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Phone',
  'Email',
  'Status',
  'On Shift',
  'Vehicle',
  'Rating',
  'Trips This Month',
  'Licence Number',
  'Preferred Area',
  'Notes',
] as const;

/** The page's Current Vehicle, its note in brackets; empty for none. */
function csvVehicle(row: RosterDriver): string {
  const { current, note } = rosterVehicleText(row);
  if (note) return `${current} (${note})`;
  return current === 'None' ? '' : current;
}

function rosterCsv(rows: RosterDriver[]): string {
  const data = rows.map((row) =>
    [
      row.firstName,
      row.lastName,
      row.phone ? phoneForDisplay(row.phone) : '',
      row.email ?? '',
      DRIVER_RECORD_STATUS_LABELS[row.status],
      row.isOnShift ? 'Yes' : 'No',
      csvVehicle(row),
      formatRating(row.rating),
      String(row.tripsThisMonth),
      row.licenceNumber ?? '',
      row.preferredArea ?? '',
      row.notes,
    ].map(neutralizeFormula),
  );
  return Papa.unparse({ fields: [...ROSTER_CSV_COLUMNS], data });
}

/**
 * The driver records an admin manages (dispatch reads them): roster, CSV,
 * add (inviting the driver's account), edit, deactivate, reactivate; and the
 * passenger ratings dispatch records on completed jobs.
 */
export const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, settings } = app;
  const bus = app.liveEvents;

  async function periods() {
    const now = new Date();
    const { month } = periodWindows(businessPeriods(now, await settings.timeZone()));
    return { month, now };
  }

  async function rosterDriver(id: string): Promise<RosterDriver> {
    const driver = await findRosterDriver(db, id, await periods());
    if (!driver) throw new NotFound(DRIVER_NOT_FOUND);
    return driver;
  }

  /** Tells the dispatch board: the driver's vehicle, status or presence changed. */
  async function publish(id: string) {
    const driver = await findDriver(db, id);
    if (driver) await bus.publishDriver(driver);
  }

  app.get(
    '/api/drivers/roster',
    {
      config: { permission: 'fleet:read' },
      schema: {
        tags: ['drivers'],
        summary: 'Driver records by name; q matches name, email, phone or plate',
        querystring: DriverRosterQuerySchema,
        response: { 200: DriverRosterResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => ({ drivers: await listRoster(db, request.query, await periods()) }),
  );

  app.get(
    '/api/drivers/roster.csv',
    {
      config: { permission: 'fleet:manage', file: CSV_FILE },
      schema: {
        tags: ['drivers'],
        summary: 'The driver records matching q and status as a CSV file',
        querystring: DriverRosterQuerySchema,
        response: { 200: z.string(), ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      const rows = await listRoster(db, request.query, await periods());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="drivers.csv"')
        .send(rosterCsv(rows));
    },
  );

  app.get(
    '/api/drivers/:id/record',
    {
      config: { permission: 'fleet:read' },
      schema: {
        tags: ['drivers'],
        summary: "A driver's record: contact, licence, status, vehicle, rating",
        params: IdParamsSchema,
        response: { 200: RosterDriverResponseSchema, ...ERRORS },
      },
    },
    async (request) => ({ driver: await rosterDriver(request.params.id) }),
  );

  app.post(
    '/api/drivers',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['drivers'],
        summary: 'Add a driver: invites a new user with the driver role by mail, or links userId',
        body: DriverCreateInputSchema,
        response: { 201: CreatedDriverResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId: linkUserId, ...values } = request.body;
      const checkContacts = async () =>
        db.transaction(async (tx) => {
          await lockDriverContacts(tx);
          await assertDriverContactsFree(tx, values, null);
        });

      let id: string;
      let invitation: MailStatus | undefined;
      if (linkUserId) {
        id = await db.transaction(async (tx) => {
          await lockDriverContacts(tx);
          await assertDriverContactsFree(tx, values, null);
          const user = await findLinkableUser(tx, linkUserId);
          await setRole(tx, user.id, 'driver');
          return insertDriver(tx, {
            ...values,
            email: values.email ?? user.email,
            userId: user.id,
          });
        });
      } else {
        if (!values.email) throw invalidField('email', INVITATION_NEEDS_EMAIL);
        await checkContacts();
        const name = `${values.firstName} ${values.lastName}`;
        const userId = await createInvitedUser(app, { email: values.email, name, role: 'driver' });
        try {
          id = await db.transaction(async (tx) => {
            await lockDriverContacts(tx);
            await assertDriverContactsFree(tx, values, null);
            return insertDriver(tx, { ...values, userId });
          });
        } catch (error) {
          // Someone saved the same contact meanwhile: no account without its driver.
          await deleteUnlinkedUser(db, userId);
          throw error;
        }
        invitation = await sendInvitation(app, values.email);
      }
      await publish(id);
      return reply.status(201).send({ driver: await rosterDriver(id), invitation });
    },
  );

  app.patch(
    '/api/drivers/:id/record',
    {
      config: { permission: 'fleet:manage' },
      schema: {
        tags: ['drivers'],
        summary: "Edit a driver's record, current vehicle and the vehicles they may drive",
        description:
          'With expectedUpdatedAt (the updatedAt the caller read), a driver changed since in any way (an edit, a shift started or ended, a suspension) is refused with 409 saying when, and nothing changes. Left out, nothing is checked.',
        params: IdParamsSchema,
        body: DriverRecordUpdateSchema,
        response: { 200: RosterDriverResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { expectedUpdatedAt, ...update } = request.body;
      const expected =
        expectedUpdatedAt === undefined
          ? undefined
          : { updatedAt: expectedUpdatedAt, timeZone: await settings.timeZone() };
      await db.transaction((tx) => updateDriverRecord(tx, id, update, expected));
      await publish(id);
      return { driver: await rosterDriver(id) };
    },
  );

  for (const action of ['deactivate', 'reactivate'] as const) {
    app.post(
      `/api/drivers/:id/${action}`,
      {
        config: { permission: 'fleet:manage' },
        schema: {
          tags: ['drivers'],
          summary:
            action === 'deactivate'
              ? 'Deactivate a driver: they cannot sign in or be assigned; the record is kept'
              : 'Reactivate a deactivated driver: they may sign in and be assigned again',
          params: IdParamsSchema,
          response: { 200: RosterDriverResponseSchema, ...ERRORS },
        },
      },
      async (request) => {
        const { id } = request.params;
        const deactivate = action === 'deactivate';
        const viewer = await request.viewer();
        const handedBack = await db.transaction(async (tx) => {
          const record = await findDriverRecord(tx, id);
          if (!record) throw new NotFound(DRIVER_NOT_FOUND);
          const released = deactivate
            ? await deactivateDriver(tx, id, new Date(), viewer.user?.id ?? null)
            : (await reactivateDriver(tx, id, new Date()), []);
          if (record.userId) {
            // The account follows the record: a deactivated driver cannot sign in.
            await setDisabled(tx, record.userId, deactivate);
            if (deactivate) await deleteSessions(tx, record.userId);
          }
          return released;
        });
        await publish(id);
        // The jobs handed back: dispatch sees them flagged with the reason.
        for (const booking of await loadBookings(db, handedBack)) {
          await bus.publishBooking('booking.updated', booking, [id]);
        }
        return { driver: await rosterDriver(id) };
      },
    );
  }

  app.get(
    '/api/bookings/:id/rating',
    {
      config: { permission: 'ratings:write' },
      schema: {
        tags: ['drivers'],
        summary: "The passenger's rating of a job, or null when none was recorded",
        params: BookingParamsSchema,
        response: { 200: z.object({ rating: BookingRatingSchema.nullable() }), ...ERRORS },
      },
    },
    async (request) => ({ rating: await findBookingRating(db, request.params.id) }),
  );

  app.put(
    '/api/bookings/:id/rating',
    {
      config: { permission: 'ratings:write' },
      schema: {
        tags: ['drivers'],
        summary: "Record the passenger's rating (1-5) of a completed job; replaces an earlier one",
        params: BookingParamsSchema,
        body: BookingRatingInputSchema,
        response: { 200: BookingRatingResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      const { id } = request.params;
      const result = await db.transaction(async (tx) => {
        const booking = await findBookingForRating(tx, id);
        if (!booking) throw new NotFound('Booking not found.');
        if (booking.status !== 'completed') {
          throw new Conflict('Only a completed job can be rated.');
        }
        if (!booking.driverId) throw new Conflict('This job has no driver to rate.');
        return saveBookingRating(tx, {
          bookingId: id,
          driverId: booking.driverId,
          rating: request.body.rating,
          comment: request.body.comment,
          ratedBy: viewer.user?.id ?? null,
        });
      });
      await publish(result.rating.driverId);
      return result;
    },
  );
};
