import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverHome } from '../../../../domain/drivers/shift';
import { api } from '../../../lib/api-client';

/** Every driver-app query starts with this key. */
export const DRIVER_APP_QUERY_KEY = ['driver-app'] as const;
export const DRIVER_HOME_QUERY_KEY = [...DRIVER_APP_QUERY_KEY, 'home'] as const;

/** GET /api/drivers/me/home: profile, open shift, vehicles, today's figures, next job. */
export function getDriverHome({ signal }: { signal?: AbortSignal } = {}) {
  return api<DriverHome>('/drivers/me/home', { signal });
}

export function useDriverHome() {
  return useQuery(
    queryOptions({
      queryKey: DRIVER_HOME_QUERY_KEY,
      queryFn: ({ signal }) => getDriverHome({ signal }),
      refetchInterval: 60_000,
    }),
  );
}
