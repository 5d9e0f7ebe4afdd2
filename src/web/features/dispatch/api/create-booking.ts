import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, CreateBookingInput } from '../../../../domain/bookings/api';
import { api } from '../../../lib/api-client';
import { BOOKINGS_QUERY_KEY } from './get-bookings';

export type CreatedBookingsResponse = { bookings: Booking[] };

/**
 * One booking, or a whole shuttle run when `stops` is not empty, in one
 * request. The same Idempotency-Key twice creates the booking once.
 */
export function createBooking(
  input: CreateBookingInput,
  idempotencyKey: string,
): Promise<CreatedBookingsResponse> {
  return api<CreatedBookingsResponse>('/bookings', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
    }: {
      input: CreateBookingInput;
      idempotencyKey: string;
    }) => createBooking(input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY }),
  });
}
