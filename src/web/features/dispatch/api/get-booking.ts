import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking, BookingEvent } from '../../../../domain/bookings/api';
import { api } from '../../../lib/api-client';
import { BOOKINGS_QUERY_KEY } from './get-bookings';

export type BookingDetailResponse = { booking: Booking; events: BookingEvent[] };

export function getBooking(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BookingDetailResponse> {
  return api<BookingDetailResponse>(`/bookings/${encodeURIComponent(id)}`, { signal });
}

export function getBookingQueryKey(id: string) {
  return [...BOOKINGS_QUERY_KEY, 'detail', id] as const;
}

export function getBookingQueryOptions(id: string) {
  return queryOptions({
    queryKey: getBookingQueryKey(id),
    queryFn: ({ signal }) => getBooking(id, { signal }),
  });
}

/** One booking with its event history; idle while none is selected. */
export function useBooking(id: string | null) {
  return useQuery({ ...getBookingQueryOptions(id ?? ''), enabled: id !== null });
}
