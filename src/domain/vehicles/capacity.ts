import { VEHICLE_CAPACITY, type VehicleType } from './vehicle-types';

export type BookingPassengers = {
  mainPassengers: number;
  stops: readonly { passengers: number }[];
  isShuttle: boolean;
};

export type CapacityWarning = { message: string; detail: string };

export const COMBINED_PASSENGERS_DETAIL =
  'Warning: Combined passenger count requires larger vehicle.';

/** Stops count only in shuttle mode; a normal booking ignores the stop list. */
export function countBookingPassengers({
  mainPassengers,
  stops,
  isShuttle,
}: BookingPassengers): number {
  if (!isShuttle) return mainPassengers;
  return stops.reduce((total, stop) => total + stop.passengers, mainPassengers);
}

/**
 * The New Booking capacity rule (spec section 5). A warning only: it never
 * blocks submission.
 */
export function bookingCapacityWarning(
  booking: BookingPassengers & { vehicleType: VehicleType },
): CapacityWarning | null {
  const total = countBookingPassengers(booking);
  if (booking.vehicleType !== 'Standard HUG' || total <= VEHICLE_CAPACITY['Standard HUG']) {
    return null;
  }
  return {
    message: `Total number of passengers (${total}) exceeds Standard HUG capacity. Consider upgrading to Multivan 6 or Imax 7.`,
    detail: COMBINED_PASSENGERS_DETAIL,
  };
}

/**
 * A public booking's vehicle must seat its passengers (decision 91): why
 * not, or null when it does. Dispatch is only warned (spec 5): a dispatcher
 * may know better (two cars, a child on a lap); a customer booking online
 * would be sent a car that cannot take them.
 */
export function seatsRefusal(passengers: number, vehicleType: VehicleType): string | null {
  const seats = VEHICLE_CAPACITY[vehicleType];
  return passengers > seats
    ? `${passengers} passengers do not fit in the ${vehicleType}, which seats ${seats}. Choose a larger vehicle.`
    : null;
}
