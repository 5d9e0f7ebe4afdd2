import { Badge } from '@mantine/core';
import type { Booking } from '../../../../domain/bookings/api';
import {
  DISPATCH_FLAG_LABEL,
  dispatchFlag,
  type DispatchFlag,
} from '../../../../domain/bookings/dispatch-flag';

const EXPLANATION: Record<DispatchFlag, string> = {
  'not-accepted': 'The driver has not accepted this assignment within the acknowledgement timeout.',
  declined: 'A driver declined this job: it needs a new driver.',
  returned: 'Returned to dispatch: its driver was suspended. It needs a new driver.',
};

const COLOR: Record<DispatchFlag, string> = {
  'not-accepted': 'red',
  declined: 'orange',
  returned: 'red',
};

/** A flag on a booking whose driver has not accepted it, declined it, or was suspended. */
export function DispatchFlagBadge({ booking }: { booking: Booking }) {
  const flag = dispatchFlag(booking);
  if (!flag) return null;
  const explanation =
    flag === 'returned' && booking.returnedReason
      ? `Returned to dispatch: ${booking.returnedReason}`
      : flag === 'declined' && booking.declinedReason
        ? `Declined by the driver: ${booking.declinedReason}. It needs a new driver.`
        : EXPLANATION[flag];
  return (
    <Badge
      color={COLOR[flag]}
      variant="filled"
      size="sm"
      title={explanation}
      style={{ flexShrink: 0 }}
    >
      {DISPATCH_FLAG_LABEL[flag]}
    </Badge>
  );
}
