import type { QueryClient } from '@tanstack/react-query';
import type { PlaceSuggestionDto } from '../../../../domain/maps';
import { addressLocality, withoutCountry } from '../../../../domain/maps/address-text';
import { confidentPlaceMatch } from '../../../../domain/maps/place-match';
import type { ResolvedPlace } from '../types';
import { getPlaceQueryOptions } from './get-place';
import { MIN_PLACE_SEARCH_LENGTH, searchPlacesQueryOptions } from './search-places';

type ChooseSuggestion = (
  text: string,
  suggestions: readonly PlaceSuggestionDto[],
) => PlaceSuggestionDto | null;

const firstSuggestion: ChooseSuggestion = (_text, [first]) => first ?? null;

/**
 * The place a typed address stands for: the suggestion `choose` takes from
 * the address fields' own search for the text (the first, unless told), with
 * its address and coordinates as choosing it in the field gives them; null
 * when it takes none or the text is too short to search.
 */
export async function findPlaceForText(
  queryClient: QueryClient,
  text: string,
  choose: ChooseSuggestion = firstSuggestion,
): Promise<ResolvedPlace | null> {
  if (text.trim().length < MIN_PLACE_SEARCH_LENGTH) return null;
  const { places } = await queryClient.fetchQuery(searchPlacesQueryOptions(text));
  const chosen = choose(text, places);
  if (!chosen) return null;
  const { address, lat, lng, proof } = await queryClient.fetchQuery(
    getPlaceQueryOptions(chosen.id),
  );
  return { address, lat, lng, ...(proof ? { proof } : {}) };
}

/**
 * A known place's written address (a customer's saved one) on the map: the
 * place the search plainly names for it, as Paste Booking finds one; else,
 * when the map knows its suburb but not its street (the offline provider
 * knows no streets), the suburb's centre, the address kept as written for
 * the driver, with `suburb` saying so. Null when neither is found.
 */
export async function findKnownPlace(
  queryClient: QueryClient,
  address: string,
): Promise<{ place: ResolvedPlace; suburb: string | null } | null> {
  const exact = await findPlaceForText(queryClient, address, confidentPlaceMatch);
  if (exact) return { place: exact, suburb: null };
  const locality = addressLocality(address);
  const centre = locality
    ? await findPlaceForText(queryClient, locality, confidentPlaceMatch)
    : null;
  if (!centre) return null;
  return {
    place: { address: address.trim(), lat: centre.lat, lng: centre.lng },
    suburb: withoutCountry(centre.address),
  };
}
