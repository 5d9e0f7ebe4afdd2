import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, UpdateBookingInput } from '../../../../domain/bookings/api';
import { api } from '../../../lib/api-client';
import { BOOKINGS_QUERY_KEY } from './get-bookings';

export function updateBooking(
  id: string,
  input: UpdateBookingInput,
): Promise<{ booking: Booking }> {
  return api<{ booking: Booking }>(`/bookings/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
  });
}

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateBookingInput }) =>
      updateBooking(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY }),
  });
}
