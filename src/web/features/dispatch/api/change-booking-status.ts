import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../domain/bookings/api';
import type { ProgressBookingInput } from '../../../../domain/bookings/driver-jobs';
import type { BookingStatus } from '../../../../domain/bookings/status';
import { api } from '../../../lib/api-client';
import { DRIVERS_QUERY_KEY } from './get-drivers';
import { BOOKINGS_QUERY_KEY } from './get-bookings';

/** Moves a booking along its lifecycle; the server answers 409 when the step is not allowed. */
export function changeBookingStatus(
  id: string,
  input: Omit<ProgressBookingInput, 'occurredAt'>,
): Promise<{ booking: Booking }> {
  return api<{ booking: Booking }>(`/bookings/${encodeURIComponent(id)}/status`, {
    method: 'POST',
    body: input,
  });
}

/** What the dispatcher saw on a booking when they chose a step: its status and its driver. */
export type SeenStatus = { expectedStatus: BookingStatus; expectedDriverId: string | null };

export function seenStatusOf(booking: Booking): SeenStatus {
  return { expectedStatus: booking.status, expectedDriverId: booking.driver?.id ?? null };
}

export type ChangeBookingStatusVariables = SeenStatus & {
  id: string;
  status: BookingStatus;
};

/**
 * Every step the board sends says what the dispatcher saw (seenStatusOf): the
 * server refuses (409, naming its driver and status now) a booking changed
 * meanwhile, so nobody cancels or unassigns a job they did not see as it is.
 */
export function useChangeBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ChangeBookingStatusVariables) => changeBookingStatus(id, input),
    // A refusal refreshes the booking too: the panel shows it as it is now.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY }),
        // A driver's Free / Busy follows their jobs' statuses.
        queryClient.invalidateQueries({ queryKey: DRIVERS_QUERY_KEY }),
      ]);
    },
  });
}
