import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LatLng, NearestLocalityResponse } from '../../../../domain/maps';
import { api } from '../../../lib/api-client';

// Three decimals is about 100 m: a driver moving along one street asks again
// only now and then, and every point in that square is in the same suburb.
const LOCALITY_DECIMALS = 3;

export function getNearestLocality(
  point: LatLng,
  { signal }: { signal?: AbortSignal } = {},
): Promise<NearestLocalityResponse> {
  const query = new URLSearchParams({ lat: String(point.lat), lng: String(point.lng) });
  return api<NearestLocalityResponse>(`/localities/nearest?${query}`, { signal });
}

/** The suburb or town a point is in or near ('Redcliffe WA 6104'); null until known or when none is. */
export function useNearestLocality(point: LatLng | null): string | null {
  const rounded = point && {
    lat: Number(point.lat.toFixed(LOCALITY_DECIMALS)),
    lng: Number(point.lng.toFixed(LOCALITY_DECIMALS)),
  };
  const query = useQuery({
    queryKey: ['localities', 'nearest', rounded?.lat, rounded?.lng],
    queryFn: ({ signal }) => getNearestLocality(rounded!, { signal }),
    enabled: rounded !== null,
    // Suburbs do not move: keep each answer, and the last one while the next loads.
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  return query.data?.locality?.label ?? null;
}
