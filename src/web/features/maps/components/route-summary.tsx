import { Group, Stack, Text } from '@mantine/core';
import { formatKm, formatMinutes } from '../../../../domain/format/distance';
import type { PlannedRoute } from '../types';

const SECONDS_PER_MINUTE = 60;

type RouteSummaryProps = {
  route: Pick<PlannedRoute, 'distanceMeters' | 'durationSeconds' | 'isEstimate'>;
  compact?: boolean;
};

/** 'Distance 12.3 km', 'Duration 25 min', and the estimate note when the route is ours. */
export function RouteSummary({ route, compact = false }: RouteSummaryProps) {
  const size = compact ? 'sm' : 'md';
  return (
    <Stack gap={2}>
      <Group gap={compact ? 'md' : 'xl'}>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Distance
          </Text>
          <Text size={size} fw={600}>
            {formatKm(route.distanceMeters)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Duration
          </Text>
          <Text size={size} fw={600}>
            {formatMinutes(route.durationSeconds / SECONDS_PER_MINUTE)}
          </Text>
        </div>
      </Group>
      {route.isEstimate ? (
        <Text size="xs" c="dimmed">
          Estimated distance and time
        </Text>
      ) : null}
    </Stack>
  );
}
