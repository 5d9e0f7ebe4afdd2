import { quoteFare, type TariffTable } from '../fares';
import type { VehicleType } from '../vehicles/vehicle-types';
import type { BookingStatus } from './status';

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

/**
 * The fare an edited booking is re-priced to, in cents, or null when it keeps
 * its fare (decisions 87 and 94). Creation's rule again: a new route, vehicle
 * or child seat count prices the trip anew with the tariffs in force. It does
 * not when the same edit sets the fare, or an earlier one did (the
 * dispatcher's figure wins: a flat rate survives an address correction), once
 * the ride has started (the fare is what the passenger was told), for a
 * shuttle stop that is not charged, or without a measured route.
 */
export function repricedFareCents(
  booking: PricedFields & { status: BookingStatus; isCharged: boolean; fareSetByHand: boolean },
  edits: Partial<PricedFields> & { fareAmount?: number },
  tariffs: TariffTable,
): number | null {
  if (edits.fareAmount !== undefined || booking.fareSetByHand || !booking.isCharged) return null;
  if (booking.status !== 'pending' && booking.status !== 'assigned') return null;
  const after: PricedFields = {
    distanceMeters: edits.distanceMeters ?? booking.distanceMeters,
    durationSeconds: edits.durationSeconds ?? booking.durationSeconds,
    vehicleType: edits.vehicleType ?? booking.vehicleType,
    childSeats: edits.childSeats ?? booking.childSeats,
  };
  const changed = (Object.keys(after) as (keyof PricedFields)[]).some(
    (field) => after[field] !== booking[field],
  );
  if (!changed || after.distanceMeters === null || after.durationSeconds === null) return null;
  return bookingFareCents(
    { distanceMeters: after.distanceMeters, durationSeconds: after.durationSeconds },
    after.vehicleType,
    after.childSeats,
    tariffs,
  );
}
