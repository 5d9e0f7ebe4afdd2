import { Badge } from '@mantine/core';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '../../../../domain/bookings/status';

/** Spec 4: the dispatch badge is green for en-route, grey for every other status. */
export function dispatchBadgeColor(status: BookingStatus): string {
  return status === 'en-route' ? 'green' : 'gray';
}

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge color={dispatchBadgeColor(status)} variant="light" size="sm" style={{ flexShrink: 0 }}>
      {BOOKING_STATUS_LABELS[status]}
    </Badge>
  );
}
