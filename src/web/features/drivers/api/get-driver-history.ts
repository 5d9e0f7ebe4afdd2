import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverHistoryQuery, DriverHistoryResponse } from '../../../../domain/drivers/history';
import { api } from '../../../lib/api-client';
import { DRIVER_APP_QUERY_KEY } from './get-driver-home';

function historySearch(query: DriverHistoryQuery): string {
  const params = new URLSearchParams({ period: query.period });
  if (query.period === 'range' && query.from && query.to) {
    params.set('from', query.from);
    params.set('to', query.to);
  }
  return params.toString();
}

/** GET /api/drivers/me/history: finished jobs and the totals of a period or a date range. */
export function getDriverHistory(
  query: DriverHistoryQuery,
  { signal }: { signal?: AbortSignal } = {},
) {
  return api<DriverHistoryResponse>(`/drivers/me/history?${historySearch(query)}`, { signal });
}

/** Asks only when `query` is complete (a range needs both dates); null waits. */
export function useDriverHistory(query: DriverHistoryQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: [...DRIVER_APP_QUERY_KEY, 'history', query ? historySearch(query) : null],
      queryFn: ({ signal }) => getDriverHistory(query!, { signal }),
      enabled: query !== null,
      placeholderData: keepPreviousData,
    }),
  );
}
