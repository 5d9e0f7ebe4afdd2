import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';

export const DASHBOARD_QUERY_KEY = ['admin', 'dashboard'] as const;
const REFRESH_MS = 60_000;

export function getDashboard({ signal }: { signal?: AbortSignal } = {}) {
  return api<AdminDashboard>('/admin/dashboard', { signal });
}

export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => getDashboard({ signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** The stat cards and alerts; refreshed every minute while the page is open. */
export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
