import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../domain/bookings/api';
import type { BookingStatus } from '../../../../domain/bookings/status';
import { api } from '../../../lib/api-client';
import { DRIVER_APP_QUERY_KEY } from './get-driver-home';

/** POST /api/bookings/:id/status from the phone: the tap time and an Idempotency-Key. */
export function progressJob(id: string, status: BookingStatus, occurredAt: string, key: string) {
  return api<{ booking: Booking }>(`/bookings/${encodeURIComponent(id)}/status`, {
    method: 'POST',
    body: { status, occurredAt },
    headers: { 'Idempotency-Key': key },
  });
}

export function useProgressJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: BookingStatus }) =>
      progressJob(
        id,
        status,
        new Date().toISOString(),
        `status-${id}-${status}-${crypto.randomUUID()}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DRIVER_APP_QUERY_KEY }),
  });
}
