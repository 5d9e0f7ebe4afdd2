import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignBookingInput } from '../../../../domain/bookings/api';
import type { AssignBookingResponse } from '../../../../domain/bookings/assignment';
import { api } from '../../../lib/api-client';
import { DRIVERS_QUERY_KEY } from './get-drivers';
import { BOOKINGS_QUERY_KEY } from './get-bookings';

export function assignBooking(
  id: string,
  input: AssignBookingInput,
): Promise<AssignBookingResponse> {
  return api<AssignBookingResponse>(`/bookings/${encodeURIComponent(id)}/assign`, {
    method: 'POST',
    body: input,
  });
}

export type AssignBookingVariables = {
  id: string;
  driverId: string;
  /**
   * The driver the dispatcher saw on the booking (null: none). The server
   * refuses (409, naming who has it) when it has another by now, so a
   * dispatcher never silently overwrites a colleague's assignment.
   */
  expectedDriverId: string | null;
};

export function useAssignBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, driverId, expectedDriverId }: AssignBookingVariables) =>
      assignBooking(id, { driverId, expectedDriverId }),
    // A refusal refreshes the booking too: it shows who has the job now.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DRIVERS_QUERY_KEY }),
      ]);
    },
  });
}
