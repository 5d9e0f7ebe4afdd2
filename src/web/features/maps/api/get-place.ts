import { queryOptions } from '@tanstack/react-query';
import type { PlaceDto } from '../../../../domain/maps';
import { api } from '../../../lib/api-client';

export function getPlace(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<PlaceDto> {
  return api<PlaceDto>(`/places/${encodeURIComponent(id)}`, { signal });
}

export function getPlaceQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['places', 'detail', id],
    queryFn: ({ signal }) => getPlace(id, { signal }),
    // A place's address and coordinates do not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
