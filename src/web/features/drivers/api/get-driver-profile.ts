import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverProfile } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';

export function getDriverProfile(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api<{ driver: DriverProfile }>(`/admin/drivers/${encodeURIComponent(id)}/profile`, {
    signal,
  });
}

export function getDriverProfileQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: ['admin', 'drivers', id, 'profile'],
    queryFn: ({ signal }) => getDriverProfile(id!, { signal }),
    enabled: id !== null,
  });
}

export function useDriverProfile(id: string | null) {
  return useQuery(getDriverProfileQueryOptions(id));
}
