import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { JobHistoryResponse } from '../../../../../domain/dispatch/job-history';
import { api } from '../../../../lib/api-client';
import { BOOKINGS_QUERY_KEY } from '../../api/get-bookings';

export const JOB_HISTORY_PAGE_SIZE = 25;

/**
 * One page of completed jobs, newest first: the page after `cursor` (the
 * previous page's `nextCursor`), or the newest when null.
 */
export function getJobHistoryPage(
  q: string,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<JobHistoryResponse> {
  const params = new URLSearchParams({ limit: String(JOB_HISTORY_PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  return api<JobHistoryResponse>(`/job-history?${params.toString()}`, { signal });
}

export function getJobHistoryQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...BOOKINGS_QUERY_KEY, 'job-history', q.trim()],
    queryFn: ({ pageParam, signal }) => getJobHistoryPage(q, pageParam, { signal }),
    initialPageParam: null as string | null,
    // null: the oldest job is loaded.
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useJobHistory(q: string) {
  return useInfiniteQuery(getJobHistoryQueryOptions(q));
}
