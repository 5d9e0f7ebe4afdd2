import type { Booking } from '../../../../domain/bookings/api';
import { api } from '../../../lib/api-client';

/**
 * POST /api/bookings/:id/decline: back to dispatch with the reason, the tap
 * time and an Idempotency-Key. Sent through the tap queue (offline/tap-queue.ts).
 */
export function declineJob(id: string, reason: string, occurredAt: string, key: string) {
  return api<{ booking: Booking }>(`/bookings/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    body: { reason, occurredAt },
    headers: { 'Idempotency-Key': key },
  });
}
