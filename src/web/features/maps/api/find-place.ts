import type { QueryClient } from '@tanstack/react-query';
import type { PlaceSuggestionDto } from '../../../../domain/maps';
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
 * place the search plainly names for it, as Paste Booking finds one; null
 * when none is. Never a nearby stand-in such as the suburb's centre: a
 * booking's coordinates are where the driver's navigation goes.
 */
export function findKnownPlace(
  queryClient: QueryClient,
  address: string,
): Promise<ResolvedPlace | null> {
  return findPlaceForText(queryClient, address, confidentPlaceMatch);
}
