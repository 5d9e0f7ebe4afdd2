import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { addCalendarDays, dayInZone } from '../../../../domain/bookings/wall-time';
import {
  RECORD_RETENTION_YEARS,
  recordRangeRefusal,
  WA_RECORD_COLUMNS,
} from '../../../../domain/records';
import { DEFAULT_TIME_ZONE } from '../../../../domain/settings';
import { PageTitle } from '../../../components/page-title';
import { usePublicSettings } from '../../settings/api/get-public-settings';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** /admin/reports: the WA booking records as a CSV file for a date range. */
export function ReportsPage() {
  const timeZone = usePublicSettings().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = dayInZone(new Date(), timeZone);
  const [from, setFrom] = useState(() => addCalendarDays(today, -30));
  const [to, setTo] = useState(today);
  const isComplete = DATE.test(from) && DATE.test(to);
  const refusal = isComplete ? recordRangeRefusal(from, to) : null;
  const href = `/api/records/wa-bookings.csv?${new URLSearchParams({ from, to }).toString()}`;

  return (
    <>
      <PageTitle>Reports</PageTitle>
      <Paper withBorder p="md" maw={720}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            WA booking records
          </Title>
          <Text size="sm">
            Western Australia&apos;s Department of Transport requires a record of every journey
            booked, kept for {RECORD_RETENTION_YEARS} years after the request. Download the journeys
            picked up between two days (both included) as a CSV file.
          </Text>
          <Group align="flex-start">
            <TextInput
              type="date"
              label="From"
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="To"
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              error={refusal ? `To ${refusal}` : undefined}
            />
          </Group>
          <Group>
            <Button
              component="a"
              href={isComplete && !refusal ? href : undefined}
              download
              leftSection={<Download size={16} />}
              disabled={!isComplete || refusal !== null}
            >
              Download CSV
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Columns: {WA_RECORD_COLUMNS.join(', ')}.
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
