import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../domain/api';
import {
  BookingConfirmationSchema,
  OnlineBookingInputSchema,
  onlineBookingNotes,
  pickupTimeProblem,
  type OnlineBookingInput,
} from '../../../domain/bookings';
import { normalizeAuPhone } from '../../../domain/customers';
import { quoteFare } from '../../../domain/fares';
import { centsToDollars } from '../../../domain/format';
import type { Database } from '../../db/database';
import { invalidField } from '../../lib/errors';
import { parseIdempotencyKey, runIdempotent } from '../../lib/idempotency';
import { findOrCreateCustomer } from '../customers/customers-repository';
import type { Mailer } from '../mail/mailer';
import { notifyAdmins } from '../mail/notify-admins';
import type { MapsService } from '../maps/maps-service';
import type { SettingsRepository } from '../settings/settings-repository';
import { insertBookings } from './bookings-repository';

type Options = {
  db: Database;
  settings: SettingsRepository;
  maps: MapsService;
  mailer: Mailer;
  perMinuteLimit: number;
};

/**
 * Distance and duration for the fare: our own routing when the visitor chose
 * places with coordinates, else the figures the quote carried, else none.
 */
async function routeFigures(input: OnlineBookingInput, maps: MapsService) {
  const points = [
    { lat: input.pickupLat, lng: input.pickupLng },
    ...input.stops.map((stop) => ({ lat: stop.lat, lng: stop.lng })),
    { lat: input.dropoffLat, lng: input.dropoffLng },
  ];
  if (points.every((point) => point.lat !== undefined && point.lng !== undefined)) {
    const located = points as { lat: number; lng: number }[];
    try {
      const route = await maps.route({
        origin: located[0]!,
        destination: located.at(-1)!,
        stopovers: located.slice(1, -1),
      });
      return {
        distanceMeters: Math.round(route.distanceMeters),
        durationSeconds: Math.round(route.durationSeconds),
      };
    } catch {
      // The routing service failing must not lose a booking: fall through.
    }
  }
  if (input.distanceMeters !== undefined && input.durationSeconds !== undefined) {
    return { distanceMeters: input.distanceMeters, durationSeconds: input.durationSeconds };
  }
  return null;
}

/** The public /book page: a visitor's request becomes a pending booking for dispatch. */
export const onlineBookingRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, settings, maps, mailer, perMinuteLimit },
) => {
  app.post(
    '/api/online-bookings',
    {
      config: { permission: 'public', rateLimit: { max: perMinuteLimit, timeWindow: '1 minute' } },
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
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const pickupTime = new Date(input.pickupTime);
      const timeProblem = pickupTimeProblem(pickupTime, new Date());
      if (timeProblem) throw invalidField('pickupTime', timeProblem);
      const phone = normalizeAuPhone(input.phone)!;

      const figures = await routeFigures(input, maps);
      const fareCents = figures
        ? quoteFare(
            { ...figures, vehicleType: input.vehicleType, childSeats: input.childSeats },
            await settings.tariffs(),
          ).roundedFareCents
        : 0;

      const answer = await runIdempotent(
        db,
        { scope: 'online-booking', key, body: input },
        async (tx) => {
          const customerId = await findOrCreateCustomer(tx, {
            fullName: input.passengerName,
            phone,
            email: input.email || null,
          });
          const [booking] = await insertBookings(
            tx,
            [
              {
                customerId,
                pickupTime,
                pickupLocation: input.pickupLocation,
                dropoffLocation: input.dropoffLocation,
                pickupLat: input.pickupLat ?? null,
                pickupLng: input.pickupLng ?? null,
                dropoffLat: input.dropoffLat ?? null,
                dropoffLng: input.dropoffLng ?? null,
                status: 'pending',
                fareAmount: (fareCents / 100).toFixed(2),
                passengerName: input.passengerName,
                phone,
                vehicleType: input.vehicleType,
                numPassengers: input.numPassengers,
                numSuitcases: input.largeSuitcases + input.mediumSuitcases,
                notes: onlineBookingNotes(input),
                source: 'online',
                distanceMeters: figures?.distanceMeters ?? null,
                durationSeconds: figures?.durationSeconds ?? null,
              },
            ],
            null,
          );
          return {
            statusCode: 201,
            body: {
              booking: {
                id: booking!.id,
                reference: booking!.reference,
                status: 'pending' as const,
                pickupTime: booking!.pickupTime.toISOString(),
                pickupLocation: booking!.pickupLocation,
                dropoffLocation: booking!.dropoffLocation,
                vehicleType: input.vehicleType,
                fareAmount: centsToDollars(fareCents),
                numPassengers: booking!.numPassengers,
              },
            },
          };
        },
      );
      if (!answer.replayed) {
        const { booking } = answer.body;
        await notifyAdmins({ db, settings, mailer, log: request.log }, 'newOnlineBooking', {
          subject: `New online booking ${booking.reference}`,
          text: [
            `${input.passengerName} (${phone}) requested a ${booking.vehicleType} online.`,
            `Pickup: ${booking.pickupLocation} at ${booking.pickupTime} (UTC)`,
            `Dropoff: ${booking.dropoffLocation}`,
            `Passengers: ${booking.numPassengers}, quoted fare $${booking.fareAmount.toFixed(2)}`,
            'It waits in the dispatch list as pending.',
          ].join('\n'),
        });
      }
      return reply.status(201).send(answer.body);
    },
  );
};
