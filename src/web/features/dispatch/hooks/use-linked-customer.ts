import { customerPlaces } from '../../../../domain/customers/places';
import type { KnownPlace } from '../../../../domain/maps/known-places';
import { useCustomer } from '../../customers/api/get-customer';

const NO_PLACES: readonly KnownPlace[] = [];

/**
 * What the New Booking panel offers for the customer the booking is linked to
 * (chosen from the phone lookup, or the saved booking's): their home and
 * saved addresses at Pickup and Destination, and their preferred vehicle.
 * Read from their profile by id, so another customer, or none, drops the
 * last one's at once.
 */
export function useLinkedCustomer(customerId: string | null): {
  places: readonly KnownPlace[];
  preferredVehicleType: string | null;
} {
  const customer = useCustomer(customerId).data?.customer;
  // The answer for an id no longer linked (a quick change of customer) is not offered.
  if (!customer || customer.id !== customerId) {
    return { places: NO_PLACES, preferredVehicleType: null };
  }
  return {
    places: customerPlaces(customer),
    preferredVehicleType: customer.preferredVehicleType,
  };
}
