import type { KnownPlace } from '../maps/known-places';
import { placeTextKey } from '../maps/same-place';

/** What a customer's home address is called where their places are offered. */
export const HOME_PLACE_LABEL = 'Home';

/**
 * The places a booking for this customer may start or end at: their home
 * address ('Home'), then their saved addresses under their own labels. A
 * saved address that is the home address again (a saved 'Home', usually) is
 * offered once, as home: two suggestions for one place only slow the choice.
 */
export function customerPlaces(customer: {
  homeAddress: string | null;
  savedAddresses: readonly KnownPlace[];
}): KnownPlace[] {
  const home = customer.homeAddress?.trim() ?? '';
  const places: KnownPlace[] = home ? [{ label: HOME_PLACE_LABEL, address: home }] : [];
  const offered = new Set(places.map((place) => placeTextKey(place.address)));
  for (const { label, address } of customer.savedAddresses) {
    const key = placeTextKey(address);
    if (key === '' || offered.has(key)) continue;
    offered.add(key);
    places.push({ label, address: address.trim() });
  }
  return places;
}
