import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatLng } from '../../../../../domain/maps';
import { planRoute } from '../../../maps/api/plan-route';

export type RouteEnds = { origin: LatLng; destination: LatLng };

export function getRouteSuggestionsQueryOptions({ origin, destination }: RouteEnds) {
  return queryOptions({
    queryKey: ['route-suggestions', origin.lat, origin.lng, destination.lat, destination.lng],
    queryFn: ({ signal }) => planRoute({ origin, destination, stopovers: [] }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The routing provider's main route and its alternatives; idle without both ends. */
export function useRouteSuggestions(ends: RouteEnds | null) {
  const fallback: RouteEnds = { origin: { lat: 0, lng: 0 }, destination: { lat: 0, lng: 0 } };
  return useQuery({ ...getRouteSuggestionsQueryOptions(ends ?? fallback), enabled: ends !== null });
}
