import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../domain/bookings/api';
import { api } from '../../../lib/api-client';
import { DRIVERS_QUERY_KEY } from './get-drivers';
import { BOOKINGS_QUERY_KEY } from './get-bookings';

export function assignBooking(
  id: string,
  input: { driverId: string; vehicleId?: string },
): Promise<{ booking: Booking }> {
  return api<{ booking: Booking }>(`/bookings/${encodeURIComponent(id)}/assign`, {
    method: 'POST',
    body: input,
  });
}

export function useAssignBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, driverId }: { id: string; driverId: string }) =>
      assignBooking(id, { driverId }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DRIVERS_QUERY_KEY }),
      ]);
    },
  });
}
