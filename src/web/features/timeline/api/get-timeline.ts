import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useDebouncedCallback } from '@mantine/hooks';
import type { TimelineResponse } from '../../../../domain/timeline';
import { api } from '../../../lib/api-client';
import { useDispatchChanges } from '../../live-events/hooks/use-dispatch-changes';

export const TIMELINE_QUERY_KEY = ['timeline'] as const;
/**
 * A burst of live events (a bulk assign, a shuttle) fetches the newest page
 * once; a steady stream of them at most every few seconds.
 */
export const TIMELINE_LIVE_DELAY = { delay: 1000, maxWait: 5000 };

export type TimelineFilters = { type?: string; driver?: string; date?: string };
type TimelinePages = InfiniteData<TimelineResponse, string | null>;

const timelineKey = (filters: TimelineFilters) => [...TIMELINE_QUERY_KEY, filters] as const;

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
    queryKey: timelineKey(filters),
    queryFn: ({ pageParam, signal }) => getTimeline(filters, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * The loaded pages with a freshly fetched newest page in front: the entries
 * not yet shown go on top, the older pages stay as they are (entries do not
 * change once written). When the fresh page does not reach the entries shown
 * (more happened than a page holds), it replaces them: the rest load on scroll.
 */
export function withNewestPage(
  data: TimelinePages | undefined,
  fresh: TimelineResponse,
): TimelinePages {
  const start = { pages: [fresh], pageParams: [null] };
  if (!data || data.pages.length === 0) return start;
  const shown = new Set(data.pages.flatMap((page) => page.entries.map((entry) => entry.id)));
  const isConnected =
    fresh.nextCursor === null || fresh.entries.some((entry) => shown.has(entry.id));
  if (!isConnected) return start;
  const added = fresh.entries.filter((entry) => !shown.has(entry.id));
  if (added.length === 0) return data;
  const [first, ...rest] = data.pages;
  return {
    pages: [{ ...first!, entries: [...added, ...first!.entries] }, ...rest],
    pageParams: data.pageParams,
  };
}

/**
 * New entries arrive live at the top: after a booking or a driver's status
 * changes (debounced), only the newest page is fetched and merged in front.
 * After a gap in the stream everything is fetched again.
 */
export function useTimelineLiveRefresh(filters: TimelineFilters): void {
  const queryClient = useQueryClient();
  const refresh = useDebouncedCallback(async () => {
    const key = timelineKey(filters);
    try {
      const fresh = await getTimeline(filters, null);
      queryClient.setQueryData<TimelinePages>(key, (data) => withNewestPage(data, fresh));
    } catch {
      // The next event, or a reload, tries again; the entries shown stay.
    }
  }, TIMELINE_LIVE_DELAY);
  useDispatchChanges({
    onBooking: (booking) => {
      if (booking) void refresh();
      else void queryClient.invalidateQueries({ queryKey: TIMELINE_QUERY_KEY });
    },
    onDriverStatus: () => void refresh(),
  });
}
