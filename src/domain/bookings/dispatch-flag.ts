import type { Booking } from './api';

/**
 * What the dispatch board flags on a booking about its driver: an assignment
 * not accepted within the acknowledgement timeout (the server decides when
 * and tells dispatch), or a job a driver declined that waits for a new one.
 */
export type DispatchFlag = 'not-accepted' | 'declined';

export function dispatchFlag(
  booking: Pick<Booking, 'status' | 'acknowledgedAt' | 'acknowledgementOverdueAt' | 'declinedAt'>,
): DispatchFlag | null {
  if (booking.status === 'assigned' && booking.acknowledgementOverdueAt && !booking.acknowledgedAt)
    return 'not-accepted';
  if (booking.status === 'pending' && booking.declinedAt) return 'declined';
  return null;
}

export const DISPATCH_FLAG_LABEL: Record<DispatchFlag, string> = {
  'not-accepted': 'Not accepted',
  declined: 'Declined',
};
