import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import {
  DriverHistoryQuerySchema,
  HISTORY_PERIOD_LABELS,
  HISTORY_PERIODS,
  type DriverHistoryQuery,
  type HistoryPeriod,
} from '../../../../domain/drivers/history';
import { BOOKING_STATUS_LABELS } from '../../../../domain/bookings/status';
import { dollarsToCents, formatAud, formatDateTime } from '../../../../domain/format';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useDriverHistory } from '../api/get-driver-history';
import { FigureCards } from '../components/figure-cards';
import { SIDE_BY_SIDE } from '../utils/side-by-side';

type DayRange = [string | null, string | null];

/** The query the screen asks for, or why a picked range cannot be asked (the server's rule). */
function historyQuery(
  period: HistoryPeriod,
  [from, to]: DayRange,
): { query: DriverHistoryQuery | null; problem: string | null } {
  if (period !== 'range') return { query: { period }, problem: null };
  if (!from || !to) return { query: null, problem: null };
  const parsed = DriverHistoryQuerySchema.safeParse({ period, from, to });
  if (parsed.success) return { query: parsed.data, problem: null };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === 'from' ? 'From' : 'To';
  return { query: null, problem: `${field}: ${issue?.message ?? 'is not a date'}` };
}

/** /driver/history: finished jobs newest first, with the period's trips, earnings and no-shows. */
export function DriverHistoryPage() {
  const [period, setPeriod] = useState<HistoryPeriod>('today');
  const [range, setRange] = useState<DayRange>([null, null]);
  const { query, problem } = historyQuery(period, range);
  const history = useDriverHistory(query);
  const timeZone = useBusinessTimeZone();

  return (
    <Stack maw={480} mx="auto" w="100%">
      <PageTitle>Job History</PageTitle>
      {/* Two by two: four choices do not fit one row on a 360 px phone. */}
      <SimpleGrid cols={2} spacing="xs" role="group" aria-label="Period">
        {HISTORY_PERIODS.map((value) => (
          <Button
            key={value}
            size="lg"
            {...SIDE_BY_SIDE}
            variant={period === value ? 'filled' : 'default'}
            aria-pressed={period === value}
            onClick={() => setPeriod(value)}
          >
            {HISTORY_PERIOD_LABELS[value]}
          </Button>
        ))}
      </SimpleGrid>
      {period === 'range' ? (
        <DatePickerInput
          type="range"
          size="lg"
          label="Dates"
          placeholder="Pick the first and last day"
          valueFormat="D MMM YYYY"
          allowSingleDateInRange
          value={range}
          onChange={(value) => setRange(value as DayRange)}
          nextLabel="Next month"
          previousLabel="Previous month"
          // Readable in sunlight: no greyed days of other months, weekday names in AA grey.
          hideOutsideDates
          styles={{ weekday: { color: 'var(--mantine-color-gray-7)' } }}
          error={problem}
        />
      ) : null}
      {query && history.isPending ? <Loader /> : null}
      {history.isError ? <Alert color="red">{errorMessage(history.error)}</Alert> : null}
      {history.data ? (
        <>
          <FigureCards
            figures={[
              { label: 'Trips', value: history.data.totals.trips },
              {
                label: 'Earnings',
                value: formatAud(dollarsToCents(history.data.totals.earnings)),
              },
              { label: 'No-shows', value: history.data.totals.noShows },
            ]}
          />
          {history.data.jobs.length === 0 ? <Text>No finished jobs in this period.</Text> : null}
          {history.data.jobs.map((job) => (
            <Card key={job.id} withBorder padding="sm" aria-label={`Job ${job.reference}`}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{formatDateTime(job.pickupTime, timeZone)}</Text>
                {/* Whole: the time wraps instead. */}
                <Badge
                  color={job.status === 'completed' ? 'green' : 'gray'}
                  style={{ flexShrink: 0 }}
                >
                  {BOOKING_STATUS_LABELS[job.status]}
                </Badge>
              </Group>
              <Text>
                {job.pickupLocation} → {job.dropoffLocation}
              </Text>
              <Group justify="space-between">
                <Text size="sm">{job.passengerName}</Text>
                {/* Earnings count completed jobs only (history.ts): a no-show's fare is not the driver's. */}
                {job.status === 'completed' ? (
                  <Text fw={600}>{formatAud(dollarsToCents(job.fareAmount))}</Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    No fare earned
                  </Text>
                )}
              </Group>
            </Card>
          ))}
        </>
      ) : null}
    </Stack>
  );
}
