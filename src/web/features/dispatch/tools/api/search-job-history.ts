import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Booking } from '../../../../../domain/bookings/api';
import { api } from '../../../../lib/api-client';
import { BOOKINGS_QUERY_KEY } from '../../api/get-bookings';

export const JOB_HISTORY_PAGE_SIZE = 25;

type BookingPage = { bookings: Booking[]; total: number };

/** Where the next (older) page starts; null before the total is known. */
type PageCursor = { total: number; end: number } | null;

function completedBookings(q: string, limit: number, offset: number, signal?: AbortSignal) {
  const params = new URLSearchParams({
    status: 'completed',
    limit: String(limit),
    offset: String(offset),
  });
  if (q.trim()) params.set('q', q.trim());
  return api<BookingPage>(`/bookings?${params.toString()}`, { signal });
}

/**
 * One page of completed jobs, newest first. The list API orders by pickup
 * time ascending, so a page is read from the end: the first request learns
 * the total, and each page is the slice just before the previous one.
 */
export async function getJobHistoryPage(
  q: string,
  cursor: PageCursor,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ bookings: Booking[]; total: number; end: number }> {
  const total = cursor?.total ?? (await completedBookings(q, 1, 0, signal)).total;
  const end = cursor?.end ?? total;
  const start = Math.max(0, end - JOB_HISTORY_PAGE_SIZE);
  if (end <= 0) return { bookings: [], total, end: 0 };
  const page = await completedBookings(q, end - start, start, signal);
  const newestFirst = [...page.bookings].sort((a, b) => b.pickupTime.localeCompare(a.pickupTime));
  return { bookings: newestFirst, total, end: start };
}

export function getJobHistoryQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...BOOKINGS_QUERY_KEY, 'job-history', q.trim()],
    queryFn: ({ pageParam, signal }) => getJobHistoryPage(q, pageParam, { signal }),
    initialPageParam: null as PageCursor,
    // null: the oldest job is loaded.
    getNextPageParam: (last): PageCursor =>
      last.end > 0 ? { total: last.total, end: last.end } : null,
  });
}

export function useJobHistory(q: string) {
  return useInfiniteQuery(getJobHistoryQueryOptions(q));
}
