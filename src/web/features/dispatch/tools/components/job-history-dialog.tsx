import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Search } from 'lucide-react';
import {
  dollarsToCents,
  formatAud,
  formatDate,
  formatTimeOfDay,
} from '../../../../../domain/format';
import { errorMessage } from '../../../../lib/api-client';
import { useJobHistory } from '../api/search-job-history';
import { useBusinessTimeZone } from '../../../settings/hooks/use-business-time-zone';
import { phoneForDisplay } from '../../../../../domain/customers/phone-display';

const SEARCH_DELAY_MS = 300;

/** Completed jobs, newest first, searchable, a page at a time. */
export function JobHistoryDialog() {
  const timeZone = useBusinessTimeZone();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const history = useJobHistory(query);
  const jobs = history.data?.pages.flatMap((page) => page.bookings) ?? [];
  const first = history.data?.pages[0];
  // Counted up to 1000: beyond that, "1000+".
  const total = first ? `${first.total}${first.totalIsCapped ? '+' : ''}` : '0';

  return (
    <Stack>
      <TextInput
        label="Search completed jobs"
        placeholder="Reference, passenger, phone or address"
        leftSection={<Search size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {history.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="Loading completed jobs" />
        </Group>
      ) : history.isError ? (
        <Alert color="red" title="Could not load the job history">
          {errorMessage(history.error)}
        </Alert>
      ) : jobs.length === 0 ? (
        <Text c="dimmed" py="md">
          {query ? `No completed jobs match “${query}”.` : 'No completed jobs yet.'}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Passenger</Table.Th>
                  <Table.Th>Route</Table.Th>
                  <Table.Th>Driver</Table.Th>
                  <Table.Th>Fare</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.map((job) => (
                  <Table.Tr key={job.id}>
                    <Table.Td>
                      <Text ff="monospace" fw={600} size="sm">
                        {job.reference}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDate(job.pickupTime, timeZone)}</Text>
                      <Text size="xs" c="dimmed">
                        {formatTimeOfDay(job.pickupTime, timeZone)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{job.passengerName || '—'}</Text>
                      {job.phone ? (
                        <Text size="xs" c="dimmed">
                          {phoneForDisplay(job.phone)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td maw={220}>
                      <Text size="sm" lineClamp={1} title={job.pickupLocation}>
                        {job.pickupLocation}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1} title={job.dropoffLocation}>
                        to {job.dropoffLocation}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {job.driver ? `${job.driver.firstName} ${job.driver.lastName}` : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatAud(dollarsToCents(job.fareAmount))}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge color="green" variant="light" style={{ minWidth: 'max-content' }}>
                        Completed
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Showing {jobs.length} of {total} completed jobs
            </Text>
            {history.hasNextPage ? (
              <Button
                variant="default"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                Load more
              </Button>
            ) : null}
          </Group>
        </>
      )}
    </Stack>
  );
}
