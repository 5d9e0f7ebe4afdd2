import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverJobsResponse } from '../../../../domain/bookings/driver-jobs';
import { api } from '../../../lib/api-client';
import { DRIVER_APP_QUERY_KEY } from './get-driver-home';

export const DRIVER_JOBS_QUERY_KEY = [...DRIVER_APP_QUERY_KEY, 'jobs'] as const;

/** GET /api/drivers/me/jobs: the job in progress and the assigned ones. */
export function getDriverJobs({ signal }: { signal?: AbortSignal } = {}) {
  return api<DriverJobsResponse>('/drivers/me/jobs', { signal });
}

export function useDriverJobs() {
  return useQuery(
    queryOptions({
      queryKey: DRIVER_JOBS_QUERY_KEY,
      queryFn: ({ signal }) => getDriverJobs({ signal }),
      refetchInterval: 30_000,
    }),
  );
}
