import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BookingStatus } from '../../../../domain/bookings/status';
import {
  JOBS_PAGE_SIZE,
  JOB_SORTS,
  type BulkJobResult,
  type JobSort,
} from '../../../../domain/jobs';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useDispatchChanges } from '../../live-events/hooks/use-dispatch-changes';
import { JOBS_QUERY_KEY, useJobs } from '../api/get-jobs';
import { useDriverOptions } from '../../drivers/api/get-driver-options';
import { BulkActions, BulkResults } from '../components/bulk-actions';
import { JobsFiltersBar } from '../components/jobs-filters';
import { JobsTable } from '../components/jobs-table';
import { StatusChips } from '../components/status-chips';
import { useJobsFilters } from '../hooks/use-jobs-filters';
import { SearchAllDatesLink } from '../../../components/search-all-dates-link';

const COUNT = new Intl.NumberFormat('en-AU');
const LIVE_REFRESH_MS = 500;
const NO_SELECTION: ReadonlySet<string> = new Set();
/** The filters besides the dates and the chips' own that the chips count within. */
const NARROWING_FILTERS = ['driver', 'vehicleType', 'account', 'source', 'q'] as const;

/** /jobs (dispatcher): every job by filters kept in the URL, live counts, bulk actions, CSV. */
export function JobsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { filters, page, cursor, setFilters, setPage, clearFilters } = useJobsFilters();
  const list = useJobs(filters, { limit: JOBS_PAGE_SIZE, cursor });
  const drivers = useDriverOptions();
  const [selection, setSelection] = useState(() => ({ key: '', ids: new Set<string>() }));
  const [results, setResults] = useState<BulkJobResult[] | null>(null);

  // The selection belongs to the rows shown: other filters or another page start with none.
  const selectionKey = `${JSON.stringify(filters)}|${cursor}`;
  const selected = selection.key === selectionKey ? selection.ids : NO_SELECTION;
  function setSelected(change: (current: ReadonlySet<string>) => Set<string>) {
    setSelection((current) => ({
      key: selectionKey,
      ids: change(current.key === selectionKey ? current.ids : NO_SELECTION),
    }));
  }

  // Rows change and appear live, and a driver going off shift or suspended
  // changes 'Needs attention'; a burst of events refetches once.
  const refresh = useDebouncedCallback(
    () => void queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY }),
    LIVE_REFRESH_MS,
  );
  useDispatchChanges({ onBooking: refresh, onDriverStatus: refresh });

  const jobs = list.data?.jobs ?? [];
  const total = list.data?.total ?? 0;
  const nextCursor = list.data?.nextCursor ?? null;
  const previousCursor = list.data?.previousCursor ?? null;
  // The number of the page whose rows are shown: while the next page loads
  // the last one stays (React's state from an earlier render), and a page
  // with none before it is the first, whatever number the URL kept.
  const [shownPage, setShownPage] = useState(1);
  const pageNumber = list.data && !list.isPlaceholderData ? (previousCursor ? page : 1) : shownPage;
  if (pageNumber !== shownPage) setShownPage(pageNumber);
  const firstShown = (pageNumber - 1) * JOBS_PAGE_SIZE + 1;
  const statuses = (filters.status?.split(',') ?? []) as BookingStatus[];
  const sort: JobSort = JOB_SORTS.includes(filters.sort as JobSort)
    ? (filters.sort as JobSort)
    : 'pickupTime';
  const dir = filters.dir === 'desc' ? 'desc' : 'asc';
  const driverOptions = drivers.data ?? [];

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <Stack gap="sm">
      <PageTitle>Jobs Overview</PageTitle>
      <StatusChips
        counts={list.data?.counts}
        range={list.data?.range}
        isFiltered={NARROWING_FILTERS.some((key) => Boolean(filters[key]))}
        selected={statuses}
        isAttention={filters.attention === 'true'}
        onChange={({ status, isAttention }) =>
          setFilters({ status: status.join(',') || null, attention: isAttention ? 'true' : null })
        }
      />
      <JobsFiltersBar
        filters={filters}
        range={list.data?.range}
        drivers={driverOptions}
        onChange={setFilters}
        onClear={clearFilters}
      />
      {selected.size > 0 ? (
        <BulkActions
          selectedIds={[...selected]}
          drivers={driverOptions}
          onDone={(answer) => {
            setResults(answer);
            setSelected(() => new Set());
          }}
        />
      ) : null}
      {results ? <BulkResults results={results} onClose={() => setResults(null)} /> : null}
      {list.isError ? (
        <Alert color="red" title="Could not load the jobs">
          {errorMessage(list.error)}
        </Alert>
      ) : null}
      {list.isLoading ? (
        <Center p="xl">
          <Loader aria-label="Loading jobs" />
        </Center>
      ) : (
        <JobsTable
          jobs={jobs}
          selected={selected}
          onToggle={toggle}
          onToggleAll={(checked) =>
            setSelected((current) => {
              const next = new Set(current);
              for (const job of jobs) {
                if (checked) next.add(job.id);
                else next.delete(job.id);
              }
              return next;
            })
          }
          sort={sort}
          dir={dir}
          onSort={(column) =>
            setFilters({
              sort: column === 'pickupTime' ? null : column,
              dir: sort === column && dir === 'asc' ? 'desc' : null,
            })
          }
          onOpen={(job) => void navigate(`${paths.dispatch}?booking=${encodeURIComponent(job.id)}`)}
        />
      )}
      {!list.isLoading && jobs.length === 0 ? (
        <Stack gap={4} align="center" p="md">
          <Text c="dimmed">No jobs match these filters.</Text>
          <SearchAllDatesLink q={filters.q} />
        </Stack>
      ) : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {jobs.length > 0
            ? `${COUNT.format(firstShown)}–${COUNT.format(firstShown + jobs.length - 1)} of ${COUNT.format(total)} jobs`
            : ''}
        </Text>
        {previousCursor || nextCursor ? (
          <Group gap="sm">
            <Button
              variant="default"
              size="xs"
              disabled={!previousCursor || list.isPlaceholderData}
              onClick={() => setPage({ page: pageNumber - 1, cursor: previousCursor })}
            >
              Previous page
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={!nextCursor || list.isPlaceholderData}
              onClick={() => setPage({ page: pageNumber + 1, cursor: nextCursor })}
            >
              Next page
            </Button>
          </Group>
        ) : null}
      </Group>
    </Stack>
  );
}
