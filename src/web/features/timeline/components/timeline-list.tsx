import { Badge, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDayHeading, formatTimeOfDay } from '../../../../domain/format';
import {
  TIMELINE_KIND_LABEL,
  type TimelineEntry,
  type TimelineKind,
} from '../../../../domain/timeline';
import { paths } from '../../../config/paths';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';

const KIND_COLOR: Record<TimelineKind, string> = {
  created: 'blue',
  assigned: 'navy',
  acknowledged: 'teal',
  declined: 'orange',
  flagged: 'red',
  status: 'yellow',
  cancelled: 'red',
  edited: 'gray',
  'shift-started': 'green',
  'shift-ended': 'gray',
  suspended: 'red',
  'suspension-lifted': 'teal',
};

/** Entries grouped by their day in the business's zone, in the order given (newest first). */
export function groupByDay(
  entries: TimelineEntry[],
  timeZone: string,
): { day: string; entries: TimelineEntry[] }[] {
  const groups: { day: string; entries: TimelineEntry[] }[] = [];
  for (const entry of entries) {
    const day = formatDayHeading(entry.occurredAt, timeZone);
    const last = groups.at(-1);
    if (last && last.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

/** What happened, in words after the kind. */
export function entrySummary(entry: TimelineEntry): string {
  const driver = entry.driver?.name ?? 'The driver';
  switch (entry.kind) {
    case 'status':
      return `${entry.fromStatus ?? '?'} → ${entry.toStatus ?? '?'}`;
    case 'assigned':
      return entry.driver ? `to ${entry.driver.name}` : '';
    case 'acknowledged':
      return `${driver} accepted`;
    case 'declined':
      return `${driver} declined${entry.detail ? `, reason: ${entry.detail}` : ''}`;
    case 'flagged':
      return entry.detail ?? '';
    case 'edited':
      return entry.detail ? `changed ${entry.detail}` : '';
    case 'cancelled':
      return entry.detail ? `reason: ${entry.detail}` : '';
    case 'created':
      return '';
    case 'shift-started':
      return entry.detail ? `${driver} in ${entry.detail}` : driver;
    case 'shift-ended':
    case 'suspension-lifted':
      return driver;
    case 'suspended':
      return `${driver}${entry.detail ? `, ${entry.detail}` : ''}`;
    default: {
      const unknown: never = entry.kind;
      return unknown;
    }
  }
}

/** Each entry: time, type, location, passenger (spec 2.16), the job and who did it. */
export function TimelineList({ entries }: { entries: TimelineEntry[] }) {
  const timeZone = useBusinessTimeZone();
  return (
    <Stack gap="lg">
      {groupByDay(entries, timeZone).map((group) => (
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
                  aria-label={`${TIMELINE_KIND_LABEL[entry.kind]} ${
                    entry.booking ? `#${entry.booking.reference}` : (entry.driver?.name ?? '')
                  }`}
                >
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={700}>
                      {formatTimeOfDay(entry.occurredAt, timeZone)}
                    </Text>
                    <Badge color={KIND_COLOR[entry.kind]} variant="light" size="sm">
                      {TIMELINE_KIND_LABEL[entry.kind]}
                    </Badge>
                    {entry.booking ? (
                      <Text
                        size="sm"
                        ff="monospace"
                        component={Link}
                        to={`${paths.dispatch}?booking=${encodeURIComponent(entry.booking.id)}`}
                      >
                        #{entry.booking.reference}
                      </Text>
                    ) : null}
                    <Text size="sm">{entrySummary(entry)}</Text>
                  </Group>
                  {entry.booking ? (
                    <Text size="sm">
                      {entry.booking.pickupLocation} → {entry.booking.dropoffLocation}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {entry.booking
                      ? `${entry.booking.passengerName || 'No passenger name'}${
                          entry.booking.phone ? ` · ${phoneForDisplay(entry.booking.phone)}` : ''
                        } · `
                      : ''}
                    by {entry.actor?.name || 'the system'}
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
