import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { api } from '../../../lib/api-client';

/**
 * POST /api/bookings/:id/acknowledge: Accept, with the tap time and an
 * Idempotency-Key. Sent through the tap queue (offline/tap-queue.ts).
 */
export function acknowledgeJob(id: string, occurredAt: string, key: string) {
  return api<{ job: DriverJob }>(`/bookings/${encodeURIComponent(id)}/acknowledge`, {
    method: 'POST',
    body: { occurredAt },
    headers: { 'Idempotency-Key': key },
  });
}
