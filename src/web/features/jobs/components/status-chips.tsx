import { useId } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingStatus,
} from '../../../../domain/bookings/status';
import { formatDate } from '../../../../domain/format';
import type { JobsResponse } from '../../../../domain/jobs';

type StatusChipsProps = {
  counts: JobsResponse['counts'] | undefined;
  /** The dates the counts cover, as the server resolved them. */
  range: JobsResponse['range'] | undefined;
  /** A filter other than the dates and status narrows the counts (driver, vehicle, text...). */
  isFiltered: boolean;
  selected: BookingStatus[];
  isAttention: boolean;
  onChange: (change: { status: BookingStatus[]; isAttention: boolean }) => void;
};

/**
 * What the chips count, said under them: the Jobs page's dates (today and the
 * next 7 days unless chosen), where the Dispatch board's 'Pending bookings'
 * counts every pending booking from today on, so the two Pending numbers
 * differ, and a dispatcher reads why.
 */
export function countsScope(range: JobsResponse['range'], isFiltered: boolean): string {
  const dates = `${formatDate(range.from)} to ${formatDate(range.to)}`;
  return `Counts for ${dates}${isFiltered ? ', with the filters below' : ''}. Dispatch's Pending bookings counts every date from today on.`;
}

/** All, Needs attention and one chip per status, each with its live count. */
export function StatusChips({
  counts,
  range,
  isFiltered,
  selected,
  isAttention,
  onChange,
}: StatusChipsProps) {
  const scopeId = useId();
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
      aria-describedby={range ? scopeId : undefined}
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
    <Stack gap={4}>
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
      {range ? (
        <Text id={scopeId} size="xs" c="dimmed">
          {countsScope(range, isFiltered)}
        </Text>
      ) : null}
    </Stack>
  );
}
