import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DRIVERS_QUERY_KEY } from './get-drivers';
import { BOOKINGS_QUERY_KEY } from './get-bookings';

export type BookingRating = { rating: number; comment: string; createdAt: string };

function ratingKey(bookingId: string) {
  return [...BOOKINGS_QUERY_KEY, bookingId, 'rating'] as const;
}

/** GET /api/bookings/:id/rating: the passenger's rating, or null. */
export function useBookingRating(bookingId: string) {
  return useQuery(
    queryOptions({
      queryKey: ratingKey(bookingId),
      queryFn: ({ signal }) =>
        api<{ rating: BookingRating | null }>(`/bookings/${encodeURIComponent(bookingId)}/rating`, {
          signal,
        }),
    }),
  );
}

/** PUT /api/bookings/:id/rating: records (or replaces) it; the driver's average moves. */
export function useRateBooking(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; comment: string }) =>
      api<{ rating: BookingRating; driverRating: number | null }>(
        `/bookings/${encodeURIComponent(bookingId)}/rating`,
        { method: 'PUT', body: input },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ratingKey(bookingId) }),
        queryClient.invalidateQueries({ queryKey: DRIVERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY }),
      ]),
  });
}
