import { useInfiniteQuery } from '@tanstack/react-query';
import type { TimelineResponse } from '../../../../domain/timeline';
import { api } from '../../../lib/api-client';

export const TIMELINE_QUERY_KEY = ['timeline'] as const;

export type TimelineFilters = { type?: string; driver?: string; date?: string };

export function getTimeline(
  filters: TimelineFilters,
  before: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TimelineResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (before) params.set('before', before);
  const query = params.toString();
  return api<TimelineResponse>(`/timeline${query ? `?${query}` : ''}`, { signal });
}

/** Newest first; each further page continues from the previous page's last entry. */
export function useTimeline(filters: TimelineFilters) {
  return useInfiniteQuery({
    queryKey: [...TIMELINE_QUERY_KEY, filters],
    queryFn: ({ pageParam, signal }) => getTimeline(filters, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
