import { Badge } from '@mantine/core';
import type { Booking } from '../../../../domain/bookings/api';
import { DISPATCH_FLAG_LABEL, dispatchFlag } from '../../../../domain/bookings/dispatch-flag';

const EXPLANATION = {
  'not-accepted': 'The driver has not accepted this assignment within the acknowledgement timeout.',
  declined: 'A driver declined this job: it needs a new driver.',
} as const;

/** A red flag on a booking whose driver has not accepted it, or who declined it. */
export function DispatchFlagBadge({ booking }: { booking: Booking }) {
  const flag = dispatchFlag(booking);
  if (!flag) return null;
  return (
    <Badge
      color={flag === 'not-accepted' ? 'red' : 'orange'}
      variant="filled"
      size="sm"
      title={EXPLANATION[flag]}
      style={{ flexShrink: 0 }}
    >
      {DISPATCH_FLAG_LABEL[flag]}
    </Badge>
  );
}
