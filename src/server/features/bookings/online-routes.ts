import { seatsRefusal } from '../../../domain/vehicles/capacity';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  newOnlineBookingNotice,
  onlineBookingReceipt,
  type BookedTrip,
} from '../../../domain/bookings/online-booking-mails';
import {
  BookingConfirmationSchema,
  OnlineBookingInputSchema,
  onlineAssistanceNeeds,
  onlineBookingNotes,
  pickupTimeProblem,
  type OnlineBookingInput,
} from '../../../domain/bookings';
import { invalidField } from '../../lib/errors';
import type { PlaceProofs } from '../../lib/place-proof';
import { parseIdempotencyKey } from '../../lib/idempotency';
import { createBookings, storedPhone, type BookingDraft } from './create-bookings';
import { defineFeature } from '../../plugins/app/feature';

/** The booking a visitor's request becomes: pending, with the options in its notes. */
function onlineBookingDraft(input: OnlineBookingInput): BookingDraft {
  return {
    pickupTime: new Date(input.pickupTime),
    pickupLocation: input.pickupLocation,
    dropoffLocation: input.dropoffLocation,
    pickupLat: input.pickupLat ?? null,
    pickupLng: input.pickupLng ?? null,
    dropoffLat: input.dropoffLat ?? null,
    dropoffLng: input.dropoffLng ?? null,
    vehicleType: input.vehicleType,
    numPassengers: input.numPassengers,
    numSuitcases: input.largeSuitcases + input.mediumSuitcases,
    notes: onlineBookingNotes(input),
    accountCode: null,
    childSeats: input.childSeats,
    assistanceNeeds: onlineAssistanceNeeds(input),
    isCharged: true,
  };
}

/** Where a place of the trip is not on the map: the fare is ours to work out, so it must be. */
const UNPLACED_PROBLEM =
  'choose the place from the suggestions: only a place chosen from them can be priced';

/** The first place of the trip without coordinates, as the field to name; null when all have them. */
function unplacedField(input: OnlineBookingInput): string | null {
  if (input.pickupLat === undefined || input.pickupLng === undefined) return 'pickupLocation';
  const stop = input.stops.findIndex((place) => place.lat === undefined || place.lng === undefined);
  if (stop >= 0) return `stops.${stop}.location`;
  if (input.dropoffLat === undefined || input.dropoffLng === undefined) return 'dropoffLocation';
  return null;
}

/**
 * The first place whose text and coordinates are not the ones our place
 * service gave (no proof, or another place's): the fare is priced on the
 * coordinates, so they must be the named place's (decision 210).
 */
function unprovenField(input: OnlineBookingInput, proofs: PlaceProofs): string | null {
  const proven = (location: string, lat?: number, lng?: number, proof?: string) =>
    lat !== undefined && lng !== undefined && proofs.verify({ address: location, lat, lng }, proof);
  if (!proven(input.pickupLocation, input.pickupLat, input.pickupLng, input.pickupProof)) {
    return 'pickupLocation';
  }
  const stop = input.stops.findIndex(
    (place) => !proven(place.location, place.lat, place.lng, place.proof),
  );
  if (stop >= 0) return `stops.${stop}.location`;
  if (!proven(input.dropoffLocation, input.dropoffLat, input.dropoffLng, input.dropoffProof)) {
    return 'dropoffLocation';
  }
  return null;
}

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['config', 'database', 'live-events', 'settings', 'mail', 'maps'] as const;

/** The public /book page: a visitor's request becomes a pending booking for dispatch. */
export const onlineBookingRoutes = defineFeature('online bookings', SERVICES, async (app) => {
  const { db, settings, maps } = app;
  const creation = { db, settings, maps, bus: app.liveEvents };
  const perMinuteLimit = app.config.ONLINE_BOOKING_LIMIT;

  /**
   * The office's notice and, with an email given, the visitor's receipt. The
   * booking is made whatever becomes of them: a mail that fails is kept in
   * the outbox with its error, for Admin → Mail to resend.
   */
  async function sendBookingMails(
    trip: BookedTrip,
    input: OnlineBookingInput,
    log: FastifyBaseLogger,
  ) {
    const [timeZone, business] = [await settings.timeZone(), await settings.business()];
    await app.notifyAdmins('newOnlineBooking', newOnlineBookingNotice(trip, input, timeZone), log);
    if (!input.email) return;
    try {
      await app.mailer.send({
        to: input.email,
        ...onlineBookingReceipt(trip, input, { ...business, timeZone }),
      });
    } catch (error) {
      log.error({ err: error }, 'The booking receipt could not be kept or sent');
    }
  }

  app.post(
    '/api/online-bookings',
    {
      config: {
        permission: 'public',
        rateLimit: { max: perMinuteLimit, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['bookings'],
        summary: 'Request a booking online (creates a pending booking with the quoted fare)',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: OnlineBookingInputSchema,
        response: {
          201: BookingConfirmationSchema,
          400: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const timeProblem = pickupTimeProblem(new Date(input.pickupTime), new Date());
      if (timeProblem) throw invalidField('pickupTime', timeProblem);
      const seats = seatsRefusal(input.numPassengers, input.vehicleType);
      if (seats) throw invalidField('vehicleType', seats);
      const unplaced = unplacedField(input) ?? unprovenField(input, app.placeProofs);
      if (unplaced) throw invalidField(unplaced, UNPLACED_PROBLEM);
      const phone = storedPhone(input.phone);

      const answer = await createBookings(
        creation,
        {
          drafts: [onlineBookingDraft(input)],
          contact: { name: input.passengerName, phone, email: input.email },
          // No figures of the visitor's: the fare is priced on our own route.
          route: {
            points: [
              { lat: input.pickupLat, lng: input.pickupLng },
              ...input.stops.map((stop) => ({ lat: stop.lat, lng: stop.lng })),
              { lat: input.dropoffLat, lng: input.dropoffLng },
            ],
          },
          source: 'online',
          actor: null,
          idempotency: {
            scope: 'online-booking',
            key: parseIdempotencyKey(request.headers['idempotency-key']),
            body: input,
          },
        },
        ([booking]) => ({
          booking: {
            id: booking!.id,
            reference: booking!.reference,
            status: booking!.status,
            pickupTime: booking!.pickupTime,
            pickupLocation: booking!.pickupLocation,
            dropoffLocation: booking!.dropoffLocation,
            vehicleType: booking!.vehicleType,
            fareAmount: booking!.fareAmount,
            numPassengers: booking!.numPassengers,
            distanceMeters: booking!.distanceMeters,
            durationSeconds: booking!.durationSeconds,
          },
        }),
      );
      if (!answer.replayed) await sendBookingMails(answer.body.booking, input, request.log);
      return reply.status(201).send(answer.body);
    },
  );
});
