import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../../domain/bookings/api';
import { api } from '../../../lib/api-client';

/** GET /api/bookings/:id: an admin may read any booking (bookings:read). */
export function getBooking(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api<{ booking: Booking }>(`/bookings/${encodeURIComponent(id)}`, { signal });
}

export function getBookingQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['admin', 'booking', id],
    queryFn: ({ signal }) => getBooking(id, { signal }),
  });
}

/** The booking an alert leads to; idle while none is open. */
export function useBooking(id: string | null) {
  return useQuery({ ...getBookingQueryOptions(id ?? ''), enabled: id !== null });
}
