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

export type UpdateBookingVariables = {
  id: string;
  /** Only the fields the dispatcher changed: the others are left as they are. */
  input: Omit<UpdateBookingInput, 'expectedUpdatedAt'>;
  /**
   * The updatedAt of the booking the form was filled from. The server
   * refuses (409, saying when and by whom) when it has changed since, so a
   * dispatcher never silently overwrites a colleague's edit.
   */
  expectedUpdatedAt: string;
};

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, expectedUpdatedAt }: UpdateBookingVariables) =>
      updateBooking(id, { ...input, expectedUpdatedAt }),
    // A refusal refreshes the booking too: the form then offers to show what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY }),
  });
}
