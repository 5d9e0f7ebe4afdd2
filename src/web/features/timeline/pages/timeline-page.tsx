import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useUrlParams } from '../../../lib/use-url-params';
import { TIMELINE_KINDS, TIMELINE_KIND_LABEL } from '../../../../domain/timeline';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { useDriverOptions } from '../../drivers/api/get-driver-options';
import { useTimeline, useTimelineLiveRefresh, type TimelineFilters } from '../api/get-timeline';
import { TimelineList } from '../components/timeline-list';

/** /timeline (dispatcher): what happened to bookings, newest first, live. */
export function TimelinePage() {
  const [params, setParams] = useUrlParams();
  const filters = useMemo<TimelineFilters>(
    () => ({
      type: params.get('type') ?? undefined,
      driver: params.get('driver') ?? undefined,
      date: params.get('date') ?? undefined,
    }),
    [params],
  );
  const timeline = useTimeline(filters);
  const drivers = useDriverOptions();
  const { ref: endRef, entry: endEntry } = useIntersection({ rootMargin: '200px' });

  useTimelineLiveRefresh(filters);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = timeline;
  useEffect(() => {
    if (endEntry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [endEntry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  function setFilter(key: keyof TimelineFilters, value: string | null) {
    setParams(
      (next) => {
        if (value) next.set(key, value);
        else next.delete(key);
      },
      { replace: true },
    );
  }

  const entries = timeline.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Stack gap="sm">
      <PageTitle>Timeline</PageTitle>
      <Group gap="sm" align="flex-end">
        <MultiSelect
          label="Type"
          placeholder={filters.type ? undefined : 'Every type'}
          data={TIMELINE_KINDS.map((kind) => ({ value: kind, label: TIMELINE_KIND_LABEL[kind] }))}
          value={filters.type ? filters.type.split(',') : []}
          onChange={(value) => setFilter('type', value.join(',') || null)}
          size="xs"
          w={280}
          clearable
        />
        <Select
          label="Driver"
          placeholder="Any driver"
          data={drivers.data ?? []}
          value={filters.driver ?? null}
          onChange={(value) => setFilter('driver', value)}
          clearable
          searchable
          size="xs"
          w={200}
        />
        <TextInput
          type="date"
          label="Date"
          value={filters.date ?? ''}
          onChange={(event) => setFilter('date', event.currentTarget.value || null)}
          size="xs"
        />
      </Group>
      {timeline.isError ? (
        <Alert color="red" title="Could not load the Timeline">
          {errorMessage(timeline.error)}
        </Alert>
      ) : null}
      {timeline.isLoading ? (
        <Center p="xl">
          <Loader aria-label="Loading the Timeline" />
        </Center>
      ) : null}
      <TimelineList entries={entries} />
      {!timeline.isLoading && entries.length === 0 ? (
        <Text c="dimmed" ta="center" p="md">
          Nothing happened that matches these filters.
        </Text>
      ) : null}
      <div ref={endRef} />
      {hasNextPage ? (
        <Center>
          <Button
            variant="subtle"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
