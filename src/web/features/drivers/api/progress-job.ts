import type { Booking } from '../../../../domain/bookings/api';
import type { BookingStatus } from '../../../../domain/bookings/status';
import { api } from '../../../lib/api-client';

/**
 * POST /api/bookings/:id/status from the phone: the tap time and an
 * Idempotency-Key. Sent through the tap queue (offline/tap-queue.ts).
 */
export function progressJob(id: string, status: BookingStatus, occurredAt: string, key: string) {
  return api<{ booking: Booking }>(`/bookings/${encodeURIComponent(id)}/status`, {
    method: 'POST',
    body: { status, occurredAt },
    headers: { 'Idempotency-Key': key },
  });
}
