import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import { CreatedBookingsResponseSchema, firstPastPickupTime } from '../../../domain/bookings';
import { MultiBookingInputSchema } from '../../../domain/dispatch';
import { invalidField } from '../../lib/errors';
import { parseIdempotencyKey } from '../../lib/idempotency';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { requireAccountCode } from './bookings-repository';
import { createBookings, type BookingDraft } from './create-bookings';
import { defineFeature } from '../../plugins/app/feature';

type Trip = z.output<typeof MultiBookingInputSchema>['trip'];

/** One booking per pickup time, each a whole trip with its own fare. */
function multiBookingDrafts(trip: Trip, pickupTimes: string[]): BookingDraft[] {
  const accountCode = trip.accountCode ? trip.accountCode.toUpperCase() : null;
  return pickupTimes.map((time) => ({
    pickupTime: new Date(time),
    pickupLocation: trip.pickupLocation,
    dropoffLocation: trip.dropoffLocation,
    pickupLat: trip.pickupLat ?? null,
    pickupLng: trip.pickupLng ?? null,
    dropoffLat: trip.dropoffLat ?? null,
    dropoffLng: trip.dropoffLng ?? null,
    vehicleType: trip.vehicleType,
    numPassengers: trip.numPassengers,
    numSuitcases: trip.numSuitcases,
    notes: trip.notes,
    accountCode,
    isCharged: true,
  }));
}

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'live-events', 'settings', 'maps'] as const;

/** Multi Booking (dispatcher top bar): one trip booked at several dates and times. */
export const multiBookingRoutes = defineFeature('multi booking', SERVICES, async (app) => {
  const { db, maps, settings } = app;
  const creation = { db, maps, settings, bus: app.liveEvents };

  app.post(
    '/api/bookings/multi',
    {
      config: { permission: 'bookings:write' },
      schema: {
        tags: ['bookings'],
        summary: 'Book one trip at several dates and times, all or nothing',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: MultiBookingInputSchema,
        response: {
          201: CreatedBookingsResponseSchema,
          ...PROTECTED_ERRORS,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { trip, pickupTimes } = request.body;
      const past = firstPastPickupTime(pickupTimes, new Date());
      if (past) throw invalidField(`pickupTimes.${past.index}`, past.problem);
      const viewer = await request.viewer();
      const drafts = multiBookingDrafts(trip, pickupTimes);
      const accountCode = drafts[0]?.accountCode ?? null;

      const { body } = await createBookings(
        creation,
        {
          drafts,
          contact: {
            customerId: trip.customerId,
            name: trip.passengerName,
            phone: trip.phone,
            email: trip.email,
          },
          route: {
            points: [
              { lat: trip.pickupLat, lng: trip.pickupLng },
              { lat: trip.dropoffLat, lng: trip.dropoffLng },
            ],
            distanceMeters: trip.distanceMeters,
            durationSeconds: trip.durationSeconds,
          },
          source: 'multi',
          actor: viewer.user?.id ?? null,
          idempotency: {
            scope: 'multi-booking',
            key: parseIdempotencyKey(request.headers['idempotency-key']),
            body: request.body,
          },
          validate: (tx) => requireAccountCode(tx, accountCode, 'trip.accountCode'),
        },
        (bookings) => ({ bookings }),
      );
      return reply.status(201).send(body);
    },
  );
});
