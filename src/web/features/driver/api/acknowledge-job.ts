import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { api } from '../../../lib/api-client';
import { DRIVER_APP_QUERY_KEY } from './get-driver-home';

/** POST /api/bookings/:id/acknowledge: Accept, with the tap time and an Idempotency-Key. */
export function acknowledgeJob(id: string, occurredAt: string, key: string) {
  return api<{ job: DriverJob }>(`/bookings/${encodeURIComponent(id)}/acknowledge`, {
    method: 'POST',
    body: { occurredAt },
    headers: { 'Idempotency-Key': key },
  });
}

export function useAcknowledgeJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      acknowledgeJob(id, new Date().toISOString(), `ack-${id}-${crypto.randomUUID()}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DRIVER_APP_QUERY_KEY }),
  });
}
