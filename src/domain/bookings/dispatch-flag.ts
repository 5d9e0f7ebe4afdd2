import type { Booking } from './api';

/**
 * What the dispatch board flags on a booking about its driver: an assignment
 * not accepted within the acknowledgement timeout (the server decides when
 * and tells dispatch), a job a driver declined, or a job handed back to
 * dispatch when its driver was suspended; the last two until a new driver
 * has it.
 */
export type DispatchFlag = 'not-accepted' | 'declined' | 'returned';

export function dispatchFlag(
  booking: Pick<
    Booking,
    'status' | 'acknowledgedAt' | 'acknowledgementOverdueAt' | 'declinedAt' | 'returnedAt'
  >,
): DispatchFlag | null {
  if (booking.status === 'assigned' && booking.acknowledgementOverdueAt && !booking.acknowledgedAt)
    return 'not-accepted';
  if (booking.status === 'pending' && booking.returnedAt) return 'returned';
  if (booking.status === 'pending' && booking.declinedAt) return 'declined';
  return null;
}

export const DISPATCH_FLAG_LABEL: Record<DispatchFlag, string> = {
  'not-accepted': 'Not accepted',
  declined: 'Declined',
  returned: 'Returned',
};
