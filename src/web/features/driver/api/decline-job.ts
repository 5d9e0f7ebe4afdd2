import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../domain/bookings/api';
import { api } from '../../../lib/api-client';
import { DRIVER_APP_QUERY_KEY } from './get-driver-home';

/** POST /api/bookings/:id/decline: back to dispatch with the reason. */
export function declineJob(id: string, reason: string) {
  return api<{ booking: Booking }>(`/bookings/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    body: { reason, occurredAt: new Date().toISOString() },
    headers: { 'Idempotency-Key': `decline-${id}-${crypto.randomUUID()}` },
  });
}

export function useDeclineJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => declineJob(id, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DRIVER_APP_QUERY_KEY }),
  });
}
