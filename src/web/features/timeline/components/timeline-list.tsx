import { Badge, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { Link } from 'react-router';
import { BOOKING_TIME_ZONE } from '../../../../domain/bookings/booking-form';
import {
  TIMELINE_KIND_LABEL,
  type TimelineEntry,
  type TimelineKind,
} from '../../../../domain/timeline';
import { paths } from '../../../config/paths';

const KIND_COLOR: Record<TimelineKind, string> = {
  created: 'blue',
  assigned: 'navy',
  status: 'yellow',
  cancelled: 'red',
  edited: 'gray',
};

const inPerth = (iso: string) => new TZDate(new Date(iso).getTime(), BOOKING_TIME_ZONE);

/** Entries grouped by their Perth day, in the order given (newest first). */
export function groupByDay(entries: TimelineEntry[]): { day: string; entries: TimelineEntry[] }[] {
  const groups: { day: string; entries: TimelineEntry[] }[] = [];
  for (const entry of entries) {
    const day = format(inPerth(entry.occurredAt), 'EEEE d MMMM yyyy');
    const last = groups.at(-1);
    if (last && last.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

function what(entry: TimelineEntry): string {
  switch (entry.kind) {
    case 'status':
      return `${entry.fromStatus ?? '?'} → ${entry.toStatus ?? '?'}`;
    case 'assigned':
      return entry.driver ? `to ${entry.driver.name}` : '';
    case 'edited':
      return entry.detail ? `changed ${entry.detail}` : '';
    case 'cancelled':
      return entry.detail ? `reason: ${entry.detail}` : '';
    case 'created':
      return '';
    default: {
      const unknown: never = entry.kind;
      return unknown;
    }
  }
}

/** Each entry: time, type, location, passenger (spec 2.16), the job and who did it. */
export function TimelineList({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Stack gap="lg">
      {groupByDay(entries).map((group) => (
        <section key={group.day} aria-label={group.day}>
          <Title order={2} size="h5" mb="xs">
            {group.day}
          </Title>
          <Timeline bulletSize={14} lineWidth={2}>
            {group.entries.map((entry) => (
              <Timeline.Item key={entry.id} color={KIND_COLOR[entry.kind]}>
                <Paper
                  withBorder
                  p="xs"
                  radius="sm"
                  component="article"
                  aria-label={`${TIMELINE_KIND_LABEL[entry.kind]} #${entry.booking.reference}`}
                >
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={700}>
                      {format(inPerth(entry.occurredAt), 'h:mm a')}
                    </Text>
                    <Badge color={KIND_COLOR[entry.kind]} variant="light" size="sm">
                      {TIMELINE_KIND_LABEL[entry.kind]}
                    </Badge>
                    <Text
                      size="sm"
                      ff="monospace"
                      component={Link}
                      to={`${paths.dispatch}?booking=${encodeURIComponent(entry.booking.id)}`}
                    >
                      #{entry.booking.reference}
                    </Text>
                    <Text size="sm">{what(entry)}</Text>
                  </Group>
                  <Text size="sm">
                    {entry.booking.pickupLocation} → {entry.booking.dropoffLocation}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entry.booking.passengerName || 'No passenger name'}
                    {entry.booking.phone ? ` · ${entry.booking.phone}` : ''} · by{' '}
                    {entry.actor?.name || 'the system'}
                  </Text>
                </Paper>
              </Timeline.Item>
            ))}
          </Timeline>
        </section>
      ))}
    </Stack>
  );
}
