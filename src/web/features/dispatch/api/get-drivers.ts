import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Driver } from '../../../../domain/drivers/api';
import { api } from '../../../lib/api-client';

export const DRIVERS_QUERY_KEY = ['drivers'] as const;
export const DRIVERS_LIST_QUERY_KEY = [...DRIVERS_QUERY_KEY, 'list'] as const;

/** Spec 4: the driver list is refreshed every 30 seconds; live events keep it current between. */
export const DRIVER_REFRESH_MS = 30_000;

export function getDrivers({ signal }: { signal?: AbortSignal } = {}): Promise<{
  drivers: Driver[];
}> {
  return api<{ drivers: Driver[] }>('/drivers', { signal });
}

export function getDriversQueryOptions() {
  return queryOptions({
    queryKey: DRIVERS_LIST_QUERY_KEY,
    queryFn: ({ signal }) => getDrivers({ signal }),
  });
}

export function useDrivers() {
  return useQuery({ ...getDriversQueryOptions(), refetchInterval: DRIVER_REFRESH_MS });
}
