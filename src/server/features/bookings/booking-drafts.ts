import crypto from 'node:crypto';
import {
  expandShuttleRun,
  isChargedBooking,
  type CreateBookingInput,
} from '../../../domain/bookings';
import type { BookingDraft, TripRoute } from './create-bookings';

/**
 * The bookings a New Booking creates: one, or a shuttle run's main pickup and
 * stops (see expandShuttleRun). A run's quote covers the whole run, so only
 * the main pickup (sequence 0) is charged; the stops carry fare 0 and no
 * distance, and the customer's totals count the run's money once.
 */
export function newBookingDrafts(input: CreateBookingInput): BookingDraft[] {
  const common = {
    pickupTime: new Date(input.pickupTime),
    dropoffLocation: input.dropoffLocation,
    dropoffLat: input.dropoffLat ?? null,
    dropoffLng: input.dropoffLng ?? null,
    vehicleType: input.vehicleType,
    numSuitcases: input.numSuitcases,
    accountCode: input.accountCode || null,
  };
  if (!input.stops?.length) {
    return [
      {
        ...common,
        pickupLocation: input.pickupLocation,
        pickupLat: input.pickupLat ?? null,
        pickupLng: input.pickupLng ?? null,
        numPassengers: input.numPassengers,
        wheelchairPassengers: input.wheelchairPassengers,
        childSeats: input.childSeats,
        assistanceNeeds: input.assistanceNeeds,
        notes: input.notes,
        isCharged: true,
      },
    ];
  }
  const runId = crypto.randomUUID();
  return expandShuttleRun(input).map((stop) => ({
    ...common,
    pickupLocation: stop.pickupLocation,
    pickupLat: stop.pickupLat,
    pickupLng: stop.pickupLng,
    numPassengers: stop.numPassengers,
    // Wheelchair passengers are the main pickup's (the panel's passenger count);
    // so are child seats (charged once, with the run) and assistance needs.
    wheelchairPassengers: stop.shuttleSequence === 0 ? input.wheelchairPassengers : 0,
    childSeats: stop.shuttleSequence === 0 ? input.childSeats : 0,
    assistanceNeeds: stop.shuttleSequence === 0 ? input.assistanceNeeds : '',
    notes: stop.notes,
    shuttle: { runId, sequence: stop.shuttleSequence },
    isCharged: isChargedBooking(stop.shuttleSequence),
  }));
}

/** The trip a New Booking drives: pickup, each stop in order, destination. */
export function newBookingRoute(input: CreateBookingInput): TripRoute {
  return {
    points: [
      { lat: input.pickupLat, lng: input.pickupLng },
      ...(input.stops ?? []).map((stop) => ({ lat: stop.lat, lng: stop.lng })),
      { lat: input.dropoffLat, lng: input.dropoffLng },
    ],
    distanceMeters: input.distanceMeters,
    durationSeconds: input.durationSeconds,
  };
}
