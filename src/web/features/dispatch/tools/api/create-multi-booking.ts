import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../../domain/bookings/api';
import type { MultiBookingInput } from '../../../../../domain/dispatch';
import { api } from '../../../../lib/api-client';
import { BOOKINGS_QUERY_KEY } from '../../api/get-bookings';

/** One trip at several times, all created or none. The same key twice books once. */
export function createMultiBooking(input: MultiBookingInput, idempotencyKey: string) {
  return api<{ bookings: Booking[] }>('/bookings/multi', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateMultiBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: MultiBookingInput; idempotencyKey: string }) =>
      createMultiBooking(input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY }),
  });
}
