import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignBookingResponse } from '../../../../domain/bookings/assignment';
import { api } from '../../../lib/api-client';
import { DRIVERS_QUERY_KEY } from './get-drivers';
import { BOOKINGS_QUERY_KEY } from './get-bookings';

export function assignBooking(
  id: string,
  input: { driverId: string; vehicleId?: string },
): Promise<AssignBookingResponse> {
  return api<AssignBookingResponse>(`/bookings/${encodeURIComponent(id)}/assign`, {
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
