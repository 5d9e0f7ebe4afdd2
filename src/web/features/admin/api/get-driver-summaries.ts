import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverSummary } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';

export function getDriverSummaries({ signal }: { signal?: AbortSignal } = {}) {
  return api<{ drivers: DriverSummary[] }>('/admin/drivers', { signal });
}

export function getDriverSummariesQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'drivers'],
    queryFn: ({ signal }) => getDriverSummaries({ signal }),
  });
}

export function useDriverSummaries() {
  return useQuery(getDriverSummariesQueryOptions());
}
