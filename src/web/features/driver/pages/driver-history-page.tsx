import {
  Alert,
  Badge,
  Card,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import {
  HISTORY_PERIOD_LABELS,
  HISTORY_PERIODS,
  type HistoryPeriod,
} from '../../../../domain/drivers/history';
import { dollarsToCents, formatAud } from '../../../../domain/format';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { usePublicSettings } from '../../../shared/settings/api/get-public-settings';
import { useDriverHistory } from '../api/get-driver-history';

const DEFAULT_TIME_ZONE = 'Australia/Perth';

function whenText(pickupTime: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(pickupTime));
}

/** /driver/history: finished jobs newest first, with the period's trips, earnings and no-shows. */
export function DriverHistoryPage() {
  const [period, setPeriod] = useState<HistoryPeriod>('today');
  const history = useDriverHistory(period);
  const settings = usePublicSettings();
  const timeZone = settings.data?.timeZone ?? DEFAULT_TIME_ZONE;

  return (
    <Stack maw={480} mx="auto" w="100%">
      <PageTitle>Job History</PageTitle>
      <SegmentedControl
        fullWidth
        size="md"
        aria-label="Period"
        value={period}
        onChange={(value) => setPeriod(value as HistoryPeriod)}
        data={HISTORY_PERIODS.map((value) => ({ value, label: HISTORY_PERIOD_LABELS[value] }))}
      />
      {history.isPending ? <Loader /> : null}
      {history.isError ? <Alert color="red">{errorMessage(history.error)}</Alert> : null}
      {history.data ? (
        <>
          <SimpleGrid cols={3} spacing="xs">
            <Card withBorder padding="sm">
              <Text size="sm">Trips</Text>
              <Text fw={700} size="lg">
                {history.data.totals.trips}
              </Text>
            </Card>
            <Card withBorder padding="sm">
              <Text size="sm">Earnings</Text>
              <Text fw={700} size="lg">
                {formatAud(dollarsToCents(history.data.totals.earnings))}
              </Text>
            </Card>
            <Card withBorder padding="sm">
              <Text size="sm">No-shows</Text>
              <Text fw={700} size="lg">
                {history.data.totals.noShows}
              </Text>
            </Card>
          </SimpleGrid>
          {history.data.jobs.length === 0 ? <Text>No finished jobs in this period.</Text> : null}
          {history.data.jobs.map((job) => (
            <Card key={job.id} withBorder padding="sm" aria-label={`Job ${job.reference}`}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{whenText(job.pickupTime, timeZone)}</Text>
                <Badge color={job.status === 'completed' ? 'green' : 'gray'}>{job.status}</Badge>
              </Group>
              <Text>
                {job.pickupLocation} → {job.dropoffLocation}
              </Text>
              <Group justify="space-between">
                <Text size="sm">{job.passengerName}</Text>
                <Text fw={600}>{formatAud(dollarsToCents(job.fareAmount))}</Text>
              </Group>
            </Card>
          ))}
        </>
      ) : null}
    </Stack>
  );
}
