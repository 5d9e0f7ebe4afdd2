import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaceSuggestionDto } from '../../../../domain/maps';
import { api } from '../../../lib/api-client';

/** The server refuses shorter searches (PlacesQuerySchema). */
export const MIN_PLACE_SEARCH_LENGTH = 2;

export type SearchPlacesResponse = { places: PlaceSuggestionDto[] };

export function searchPlaces(
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchPlacesResponse> {
  return api<SearchPlacesResponse>(`/places?q=${encodeURIComponent(query)}`, { signal });
}

export function searchPlacesQueryOptions(query: string) {
  const text = query.trim();
  return queryOptions({
    queryKey: ['places', 'search', text],
    queryFn: ({ signal }) => searchPlaces(text, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Address suggestions (Australia only) for what was typed; idle below 2 characters. */
export function useSearchPlaces(query: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...searchPlacesQueryOptions(query),
    enabled: enabled && query.trim().length >= MIN_PLACE_SEARCH_LENGTH,
    // Keeps the last list open while the next keystroke's answer is on its way.
    placeholderData: keepPreviousData,
  });
}
