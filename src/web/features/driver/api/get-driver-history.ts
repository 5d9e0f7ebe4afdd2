import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverHistoryResponse, HistoryPeriod } from '../../../../domain/drivers/history';
import { api } from '../../../lib/api-client';
import { DRIVER_APP_QUERY_KEY } from './get-driver-home';

/** GET /api/drivers/me/history?period=: finished jobs and the period's totals. */
export function getDriverHistory(period: HistoryPeriod, { signal }: { signal?: AbortSignal } = {}) {
  return api<DriverHistoryResponse>(`/drivers/me/history?period=${period}`, { signal });
}

export function useDriverHistory(period: HistoryPeriod) {
  return useQuery(
    queryOptions({
      queryKey: [...DRIVER_APP_QUERY_KEY, 'history', period],
      queryFn: ({ signal }) => getDriverHistory(period, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
