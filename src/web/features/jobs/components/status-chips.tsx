import { Badge, Button, Group } from '@mantine/core';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingStatus,
} from '../../../../domain/bookings/status';
import type { JobsResponse } from '../../../../domain/jobs';

type StatusChipsProps = {
  counts: JobsResponse['counts'] | undefined;
  selected: BookingStatus[];
  isAttention: boolean;
  onChange: (change: { status: BookingStatus[]; isAttention: boolean }) => void;
};

/** All, Needs attention and one chip per status, each with its live count. */
export function StatusChips({ counts, selected, isAttention, onChange }: StatusChipsProps) {
  const chip = (
    label: string,
    count: number | undefined,
    isActive: boolean,
    onClick: () => void,
    color = 'navy',
  ) => (
    <Button
      key={label}
      size="compact-sm"
      radius="xl"
      color={color}
      variant={isActive ? 'filled' : 'light'}
      aria-pressed={isActive}
      onClick={onClick}
      rightSection={
        <Badge size="xs" variant="white" color={color} circle={false}>
          {count ?? '…'}
        </Badge>
      }
    >
      {label}
    </Button>
  );
  return (
    <Group gap={6} role="group" aria-label="Status">
      {chip('All', counts?.all, selected.length === 0 && !isAttention, () =>
        onChange({ status: [], isAttention: false }),
      )}
      {chip(
        'Needs attention',
        counts?.attention,
        isAttention,
        () => onChange({ status: selected, isAttention: !isAttention }),
        'red',
      )}
      {BOOKING_STATUSES.map((status) =>
        chip(
          BOOKING_STATUS_LABELS[status],
          counts?.byStatus[status],
          selected.includes(status),
          () =>
            onChange({
              status: selected.includes(status)
                ? selected.filter((item) => item !== status)
                : [...selected, status],
              isAttention,
            }),
        ),
      )}
    </Group>
  );
}
