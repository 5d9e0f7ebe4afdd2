import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../../domain/bookings/api';
import type { BookingStatus } from '../../../../domain/bookings/status';
import { api } from '../../../lib/api-client';

export type BookingListResponse = { bookings: Booking[]; total: number };

export type BookingListParams = {
  from?: string;
  to?: string;
  status?: readonly BookingStatus[];
  q?: string;
  limit?: number;
};

/** The dispatch list loads this many at most; the virtualised list stays smooth well past it. */
export const DISPATCH_LIST_LIMIT = 2000;

export const BOOKINGS_QUERY_KEY = ['bookings'] as const;

function searchParams({ from, to, status, q, limit }: BookingListParams): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (status && status.length > 0) params.set('status', status.join(','));
  if (q && q.trim()) params.set('q', q.trim());
  if (limit !== undefined) params.set('limit', String(limit));
  return params.toString();
}

/** Bookings, ordered by pickup time ascending. */
export function getBookings(
  params: BookingListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BookingListResponse> {
  const query = searchParams(params);
  return api<BookingListResponse>(`/bookings${query ? `?${query}` : ''}`, { signal });
}

export function getBookingsQueryOptions(params: BookingListParams) {
  return queryOptions({
    queryKey: [...BOOKINGS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getBookings(params, { signal }),
  });
}

export function useBookings(params: BookingListParams) {
  return useQuery({
    ...getBookingsQueryOptions(params),
    // The list stays on screen while a new search or filter loads.
    placeholderData: keepPreviousData,
  });
}

/** How many bookings match, without loading them: the answer's total for one row. */
export function getBookingCountQueryOptions(params: Omit<BookingListParams, 'limit'>) {
  return queryOptions({
    queryKey: [...BOOKINGS_QUERY_KEY, 'count', params],
    queryFn: async ({ signal }) => (await getBookings({ ...params, limit: 1 }, { signal })).total,
  });
}

export function useBookingCount(params: Omit<BookingListParams, 'limit'>) {
  return useQuery({ ...getBookingCountQueryOptions(params), placeholderData: keepPreviousData });
}
