import { quoteFare, type TariffTable } from '../fares';
import type { VehicleType } from '../vehicles/vehicle-types';
import { closedBookingRefusal, isClosedBooking, type BookingStatus } from './status';

/** What an edit may change that the fare is priced from. */
export type PricedFields = {
  distanceMeters: number | null;
  durationSeconds: number | null;
  vehicleType: VehicleType;
  childSeats: number;
};

/** The route figures a booking is priced from. */
export type RouteFigures = { distanceMeters: number; durationSeconds: number };

/**
 * A booking's fare in cents: the quote's rounded fare for its route and
 * vehicle, with the fitting fee when it has any child seats. The one rule for
 * creation (every source) and for an edit that prices the trip again.
 */
export function bookingFareCents(
  figures: RouteFigures,
  vehicleType: VehicleType,
  childSeats: number,
  tariffs: TariffTable,
): number {
  return quoteFare({ ...figures, vehicleType, childSeats: childSeats > 0 }, tariffs)
    .roundedFareCents;
}

/**
 * Whether a booking carries the trip's fare: every booking but a shuttle
 * run's stops after its main pickup (the run is charged once, on sequence 0).
 */
export function isChargedBooking(shuttleSequence: number | null): boolean {
  return shuttleSequence === null || shuttleSequence === 0;
}

/** What a booking must be for its route to price it: `routePriceRefusal`. */
export type RoutePriced = {
  reference: string;
  status: BookingStatus;
  isCharged: boolean;
  distanceMeters: number | null;
  durationSeconds: number | null;
};

/**
 * Why a booking's fare cannot be priced from its route now, or null when it
 * can: only a charged booking not yet started, with a measured route. Once
 * the ride has started the fare is what the passenger was told; a completed
 * one's is what was charged (a correction is typed); a cancelled or no-show
 * booking keeps its details (decision 89); a shuttle run is charged on its
 * first stop. The one rule for a route edit's repricing and for Use route
 * price (decision 104).
 */
export function routePriceRefusal(booking: RoutePriced): string | null {
  const { reference, status } = booking;
  if (isClosedBooking(status)) return closedBookingRefusal(booking, ['fareAmount']);
  if (status === 'completed') {
    return `Booking ${reference} is completed: its fare is what was charged and is not priced from the route again. Type the fare to correct it.`;
  }
  if (status !== 'pending' && status !== 'assigned') {
    return `Booking ${reference} has started: its fare is the one the passenger was told and is not priced from the route again.`;
  }
  if (!booking.isCharged) {
    return `Booking ${reference} is a later stop of a shuttle run: the run is charged on its first stop.`;
  }
  if (booking.distanceMeters === null || booking.durationSeconds === null) {
    return `Booking ${reference} has no measured route to price: choose its pickup and destination from the suggestions.`;
  }
  return null;
}

/**
 * The fare an edited booking is re-priced to, in cents, or null when it keeps
 * its fare (decisions 87, 94 and 104). Creation's rule again: a new route,
 * vehicle or child seat count prices the trip anew with the tariffs in force.
 * It does not when the same edit sets the fare, or an earlier one did (the
 * dispatcher's figure wins: a flat rate survives an address correction),
 * unless the edit asks for the route's price back (`fareSetByHand: false`,
 * Use route price), which prices it whether or not anything priced changed;
 * nor when `routePriceRefusal` says the booking cannot be priced.
 */
export function repricedFareCents(
  booking: PricedFields & RoutePriced & { fareSetByHand: boolean },
  edits: Partial<PricedFields> & { fareAmount?: number; fareSetByHand?: boolean },
  tariffs: TariffTable,
): number | null {
  if (edits.fareAmount !== undefined) return null;
  const isBackToRoute = edits.fareSetByHand === false;
  if (booking.fareSetByHand && !isBackToRoute) return null;
  const after: PricedFields = {
    distanceMeters: edits.distanceMeters ?? booking.distanceMeters,
    durationSeconds: edits.durationSeconds ?? booking.durationSeconds,
    vehicleType: edits.vehicleType ?? booking.vehicleType,
    childSeats: edits.childSeats ?? booking.childSeats,
  };
  const { distanceMeters, durationSeconds } = after;
  if (routePriceRefusal({ ...booking, ...after })) return null;
  if (distanceMeters === null || durationSeconds === null) return null;
  const changed = (Object.keys(after) as (keyof PricedFields)[]).some(
    (field) => after[field] !== booking[field],
  );
  if (!changed && !isBackToRoute) return null;
  return bookingFareCents(
    { distanceMeters, durationSeconds },
    after.vehicleType,
    after.childSeats,
    tariffs,
  );
}
