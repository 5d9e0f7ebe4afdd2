import { Badge } from '@mantine/core';
import type { Booking } from '../../../../domain/bookings/api';
import {
  DRIVER_ACCEPTANCE_LABEL,
  driverAcceptance,
  type DriverAcceptance,
} from '../../../../domain/bookings/dispatch-flag';
import { formatDateTime } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';

const COLOR: Record<DriverAcceptance, string> = { awaiting: 'yellow', accepted: 'teal' };

/**
 * Beside an assigned booking's status: whether its driver has accepted it
 * yet, so dispatch need not wait for the overdue flag to know. The status
 * badge keeps the spec's words; this one is apart from it.
 */
export function AcceptanceBadge({ booking }: { booking: Booking }) {
  const timeZone = useBusinessTimeZone();
  const acceptance = driverAcceptance(booking);
  if (!acceptance) return null;
  const explanation =
    acceptance === 'accepted' && booking.acknowledgedAt
      ? `The driver accepted this job (${formatDateTime(booking.acknowledgedAt, timeZone)}).`
      : 'The driver has not tapped Accept yet.';
  return (
    <Badge
      color={COLOR[acceptance]}
      variant="outline"
      size="sm"
      title={explanation}
      style={{ flexShrink: 0 }}
    >
      {DRIVER_ACCEPTANCE_LABEL[acceptance]}
    </Badge>
  );
}
