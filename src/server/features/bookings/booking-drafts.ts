import crypto from 'node:crypto';
import { expandShuttleRun, type CreateBookingInput } from '../../../domain/bookings';
import { normalizeAuPhone } from '../../../domain/customers';
import type { MapsService } from '../maps/maps-service';
import type { NewBooking } from './bookings-repository';

export type RouteFigures = { distanceMeters: number; durationSeconds: number };

/**
 * Distance and duration for the fare: the figures the dispatcher's route
 * carried, else our routing when every point has coordinates (pickup, each
 * stop, destination, in order), else none (and the fare stays 0).
 */
export async function routeFigures(
  input: CreateBookingInput,
  maps: MapsService,
): Promise<RouteFigures | null> {
  if (input.distanceMeters !== undefined && input.durationSeconds !== undefined) {
    return { distanceMeters: input.distanceMeters, durationSeconds: input.durationSeconds };
  }
  const points = [
    { lat: input.pickupLat, lng: input.pickupLng },
    ...(input.stops ?? []).map((stop) => ({ lat: stop.lat, lng: stop.lng })),
    { lat: input.dropoffLat, lng: input.dropoffLng },
  ];
  if (!points.every((point) => point.lat !== undefined && point.lng !== undefined)) return null;
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
    // The routing service failing must not lose a booking: it is priced later.
    return null;
  }
}

/** The phone as stored: E.164 when it is a valid Australian number, else as typed. */
export function storedPhone(phone: string): string {
  return normalizeAuPhone(phone) ?? phone.trim();
}

/**
 * The rows a New Booking creates: one, or a shuttle run's main pickup and
 * stops (see expandShuttleRun). A run's quote covers the whole run, so it is
 * charged once, on the main pickup (sequence 0); the stops carry fare 0 and
 * no distance, and the customer's totals count the run's money once.
 */
export function bookingDrafts(
  input: CreateBookingInput,
  context: { customerId: string | null; figures: RouteFigures | null; fareCents: number },
): NewBooking[] {
  const common = {
    customerId: context.customerId,
    pickupTime: new Date(input.pickupTime),
    dropoffLocation: input.dropoffLocation,
    dropoffLat: input.dropoffLat ?? null,
    dropoffLng: input.dropoffLng ?? null,
    status: 'pending',
    passengerName: input.passengerName,
    phone: storedPhone(input.phone),
    vehicleType: input.vehicleType,
    numSuitcases: input.numSuitcases,
    accountCode: input.accountCode || null,
    source: 'dispatch',
  } satisfies Partial<NewBooking>;
  const fare = (context.fareCents / 100).toFixed(2);

  if (!input.stops?.length) {
    return [
      {
        ...common,
        pickupLocation: input.pickupLocation,
        pickupLat: input.pickupLat ?? null,
        pickupLng: input.pickupLng ?? null,
        numPassengers: input.numPassengers,
        notes: input.notes,
        fareAmount: fare,
        distanceMeters: context.figures?.distanceMeters ?? null,
        durationSeconds: context.figures?.durationSeconds ?? null,
      },
    ];
  }
  const shuttleRunId = crypto.randomUUID();
  return expandShuttleRun(input).map((stop) => ({
    ...common,
    pickupLocation: stop.pickupLocation,
    pickupLat: stop.pickupLat,
    pickupLng: stop.pickupLng,
    numPassengers: stop.numPassengers,
    notes: stop.notes,
    isShuttle: true,
    shuttleRunId,
    shuttleSequence: stop.shuttleSequence,
    fareAmount: stop.shuttleSequence === 0 ? fare : '0.00',
    distanceMeters: stop.shuttleSequence === 0 ? (context.figures?.distanceMeters ?? null) : null,
    durationSeconds: stop.shuttleSequence === 0 ? (context.figures?.durationSeconds ?? null) : null,
  }));
}
