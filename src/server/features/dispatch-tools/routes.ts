import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import { CreatedBookingsResponseSchema } from '../../../domain/bookings/api';
import { normalizeAuPhone } from '../../../domain/customers';
import {
  CorporateAccountListResponseSchema,
  CorporateAccountResponseSchema,
  CreateCorporateAccountInputSchema,
  firstPastPickupTime,
  MultiBookingInputSchema,
  OutboxResponseSchema,
  SendEmailInputSchema,
  SendEmailResponseSchema,
} from '../../../domain/dispatch-tools';
import { quoteFare } from '../../../domain/fares';
import type { FeatureOptions } from '../../deps';
import { Conflict, invalidField } from '../../lib/errors';
import { parseIdempotencyKey, runIdempotent } from '../../lib/idempotency';
import { PROTECTED_ERRORS } from '../../lib/responses';
// The bookings feature owns booking writes; Multi Booking reuses its one insert.
// eslint-disable-next-line import-x/no-restricted-paths
import { insertBookings, loadBookings } from '../bookings/bookings-repository';
import { findOrCreateCustomer } from '../customers/customers-repository';
import {
  accountExists,
  createAccount,
  findCustomerSummary,
  latestMailWasSent,
  listAccounts,
  listOutbox,
} from './dispatch-tools-repository';

/** The dispatcher top bar: corporate accounts, Send Email and Multi Booking. */
export const dispatchToolsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  const { db, config, mailer, maps, settings } = deps;

  app.get(
    '/api/accounts',
    {
      config: { permission: 'accounts:read' },
      schema: {
        tags: ['dispatch-tools'],
        summary: 'Corporate accounts, by code',
        response: { 200: CorporateAccountListResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => ({ accounts: await listAccounts(db) }),
  );

  app.post(
    '/api/accounts',
    {
      config: { permission: 'bookings:write' },
      schema: {
        tags: ['dispatch-tools'],
        summary: 'Create a corporate account (code stored in upper case)',
        body: CreateCorporateAccountInputSchema,
        response: {
          201: CorporateAccountResponseSchema,
          ...PROTECTED_ERRORS,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await createAccount(db, request.body);
      if (!account) {
        throw new Conflict(`Account code ${request.body.code} already exists.`, {
          code: 'already exists',
        });
      }
      return reply.status(201).send({ account });
    },
  );

  app.post(
    '/api/emails',
    {
      config: { permission: 'bookings:write' },
      schema: {
        tags: ['dispatch-tools'],
        summary: 'Send an email (kept in the outbox when no SMTP server is configured)',
        body: SendEmailInputSchema,
        response: { 202: SendEmailResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      const { to, subject, message } = request.body;
      await mailer.send({ to, subject, text: message });
      // The mailer keeps a mail it could not send in the outbox, with the error.
      const isSent =
        config.SMTP_URL !== undefined && (await latestMailWasSent(db, { to, subject }));
      return reply.status(202).send({ status: isSent ? 'sent' : 'kept-in-outbox' });
    },
  );

  app.get(
    '/api/emails/outbox',
    {
      config: { permission: 'settings:read' },
      schema: {
        tags: ['dispatch-tools'],
        summary: 'The latest 100 mails the app sent or kept',
        response: { 200: OutboxResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => ({ mails: await listOutbox(db) }),
  );

  /** The fare for the trip when both ends have coordinates and the router answers; else 0. */
  async function tripFare(trip: z.infer<typeof MultiBookingInputSchema>['trip']) {
    const { pickupLat, pickupLng, dropoffLat, dropoffLng } = trip;
    if (
      pickupLat === undefined ||
      pickupLng === undefined ||
      dropoffLat === undefined ||
      dropoffLng === undefined
    ) {
      return null;
    }
    try {
      const route = await maps.route({
        origin: { lat: pickupLat, lng: pickupLng },
        destination: { lat: dropoffLat, lng: dropoffLng },
        stopovers: [],
      });
      const figures = {
        distanceMeters: Math.round(route.distanceMeters),
        durationSeconds: Math.round(route.durationSeconds),
      };
      const quote = quoteFare(
        { ...figures, vehicleType: trip.vehicleType },
        await settings.tariffs(),
      );
      return { ...figures, fareCents: quote.roundedFareCents };
    } catch {
      // A routing failure must not lose the bookings: they go in at fare 0.
      return null;
    }
  }

  app.post(
    '/api/bookings/multi',
    {
      config: { permission: 'bookings:write' },
      schema: {
        tags: ['dispatch-tools'],
        summary: 'Book one trip at several dates and times, all or nothing',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: MultiBookingInputSchema,
        response: {
          201: CreatedBookingsResponseSchema,
          ...PROTECTED_ERRORS,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { trip, pickupTimes } = request.body;
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const past = firstPastPickupTime(pickupTimes, new Date());
      if (past) throw invalidField(`pickupTimes.${past.index}`, past.problem);
      const viewer = await request.viewer();
      const phone = trip.phone ? normalizeAuPhone(trip.phone) : null;
      const accountCode = trip.accountCode ? trip.accountCode.toUpperCase() : null;
      const fare = await tripFare(trip);

      const answer = await runIdempotent(
        db,
        { scope: 'multi-booking', key, body: request.body },
        async (tx) => {
          if (accountCode && !(await accountExists(tx, accountCode))) {
            throw invalidField('trip.accountCode', 'no such account');
          }
          let customerId = trip.customerId ?? null;
          if (customerId && !(await findCustomerSummary(tx, customerId))) {
            throw invalidField('trip.customerId', 'no such customer');
          }
          customerId ??= await findOrCreateCustomer(tx, {
            fullName: trip.passengerName,
            phone,
            email: trip.email || null,
          });
          const rows = await insertBookings(
            tx,
            pickupTimes.map((time) => ({
              customerId,
              pickupTime: new Date(time),
              pickupLocation: trip.pickupLocation,
              dropoffLocation: trip.dropoffLocation,
              pickupLat: trip.pickupLat ?? null,
              pickupLng: trip.pickupLng ?? null,
              dropoffLat: trip.dropoffLat ?? null,
              dropoffLng: trip.dropoffLng ?? null,
              status: 'pending',
              fareAmount: fare ? (fare.fareCents / 100).toFixed(2) : '0',
              passengerName: trip.passengerName,
              phone: phone ?? '',
              vehicleType: trip.vehicleType,
              numPassengers: trip.numPassengers,
              numSuitcases: trip.numSuitcases,
              notes: trip.notes,
              accountCode,
              source: 'dispatch',
              distanceMeters: fare?.distanceMeters ?? null,
              durationSeconds: fare?.durationSeconds ?? null,
            })),
            viewer.user?.id ?? null,
          );
          return {
            statusCode: 201,
            body: {
              bookings: await loadBookings(
                tx,
                rows.map((row) => row.id),
              ),
            },
          };
        },
      );
      return reply.status(201).send(answer.body);
    },
  );
};
