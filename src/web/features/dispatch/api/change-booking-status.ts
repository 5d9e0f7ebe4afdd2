import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../domain/bookings/api';
import type { BookingStatus } from '../../../../domain/bookings/status';
import { api } from '../../../lib/api-client';
import { DRIVERS_QUERY_KEY } from './get-drivers';
import { BOOKINGS_QUERY_KEY } from './get-bookings';

/** Moves a booking along its lifecycle; the server answers 409 when the step is not allowed. */
export function changeBookingStatus(
  id: string,
  status: BookingStatus,
): Promise<{ booking: Booking }> {
  return api<{ booking: Booking }>(`/bookings/${encodeURIComponent(id)}/status`, {
    method: 'POST',
    body: { status },
  });
}

export function useChangeBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: BookingStatus }) =>
      changeBookingStatus(id, status),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY }),
        // A driver's Free / Busy follows their jobs' statuses.
        queryClient.invalidateQueries({ queryKey: DRIVERS_QUERY_KEY }),
      ]);
    },
  });
}
