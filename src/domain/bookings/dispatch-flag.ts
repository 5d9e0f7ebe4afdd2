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

/**
 * Whether the driver has accepted an assigned job (Accept in the driver
 * app), for the board to show before the acknowledgement timeout: awaiting
 * until they do, then accepted. Null for any other status, and while the
 * 'not-accepted' flag says it louder.
 */
export type DriverAcceptance = 'awaiting' | 'accepted';

export function driverAcceptance(
  booking: Pick<Booking, 'status' | 'acknowledgedAt' | 'acknowledgementOverdueAt'>,
): DriverAcceptance | null {
  if (booking.status !== 'assigned') return null;
  if (booking.acknowledgedAt) return 'accepted';
  return booking.acknowledgementOverdueAt ? null : 'awaiting';
}

export const DRIVER_ACCEPTANCE_LABEL: Record<DriverAcceptance, string> = {
  awaiting: 'Awaiting acceptance',
  accepted: 'Accepted',
};
