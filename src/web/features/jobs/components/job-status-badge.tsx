import { Badge } from '@mantine/core';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '../../../../domain/bookings/status';
import { jobStatusColor } from '../../../../domain/jobs';

/** Spec 4: completed green, cancelled red, every other status (pending first) yellow. */
export function JobStatusBadge({ status }: { status: BookingStatus }) {
  const color = jobStatusColor(status);
  return (
    <Badge color={color} c={color === 'yellow' ? 'dark' : undefined} variant="filled" size="sm">
      {BOOKING_STATUS_LABELS[status]}
    </Badge>
  );
}
