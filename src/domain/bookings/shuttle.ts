import type { CreateBookingInput } from './api';

export type ShuttleStopType = 'pickup' | 'dropoff';

/** One booking of a shuttle run, before it gets its id, reference and run id. */
export type ShuttleRunBooking = {
  shuttleSequence: number;
  type: ShuttleStopType;
  pickupLocation: string;
  pickupLat: number | null;
  pickupLng: number | null;
  numPassengers: number;
  notes: string;
};

/** The notes a shuttle run's booking carries (spec section 7). */
export function shuttleStopNotes(type: ShuttleStopType, notes: string): string {
  return `Shuttle Run Stop - ${type} - ${notes}`;
}

/**
 * A shuttle run as the bookings the spec describes: first the main pickup
 * (the main passenger count, type pickup), then each extra stop in order.
 * Every booking shares the main destination, pickup time and suitcases (the
 * caller copies those); shuttle_sequence is the position in this list, so
 * the main pickup is 0.
 */
export function expandShuttleRun(
  input: Pick<
    CreateBookingInput,
    'pickupLocation' | 'pickupLat' | 'pickupLng' | 'numPassengers' | 'notes' | 'stops'
  >,
): ShuttleRunBooking[] {
  const main: ShuttleRunBooking = {
    shuttleSequence: 0,
    type: 'pickup',
    pickupLocation: input.pickupLocation,
    pickupLat: input.pickupLat ?? null,
    pickupLng: input.pickupLng ?? null,
    numPassengers: input.numPassengers,
    notes: shuttleStopNotes('pickup', input.notes),
  };
  const stops = (input.stops ?? []).map((stop, index): ShuttleRunBooking => ({
    shuttleSequence: index + 1,
    type: stop.type,
    pickupLocation: stop.location,
    pickupLat: stop.lat ?? null,
    pickupLng: stop.lng ?? null,
    numPassengers: stop.passengers,
    notes: shuttleStopNotes(stop.type, input.notes),
  }));
  return [main, ...stops];
}
