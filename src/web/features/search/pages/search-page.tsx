import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BOOKING_TIME_ZONE } from '../../../../domain/bookings/wall-time';
import { locationJobsRange } from '../../../../domain/jobs';
import type { SearchHit, SearchKind } from '../../../../domain/search';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useRecentSearches, useRemoveRecentSearch, useSearch } from '../api/search';
import { CustomerProfileModal } from '../../customers/components/customer-profile-modal';
import { SearchResults } from '../components/search-results';
import { SEARCH_TEXT_MAX } from '../../../../domain/api/text';

/** The id the '/' shortcut focuses. */
export const SEARCH_BOX_ID = 'dispatcher-search';

/** /search (dispatcher): one box over jobs, customers, drivers, vehicles and locations. */
export function SearchPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const results = useSearch(q);
  const recent = useRecentSearches();
  const remove = useRemoveRecentSearch();

  useEffect(() => setText(q), [q]);
  useEffect(() => box.current?.focus(), []);

  function run(value: string) {
    const trimmed = value.trim();
    setParams(trimmed ? { q: trimmed } : {});
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    run(text);
  }

  function open(kind: SearchKind, hit: SearchHit) {
    switch (kind) {
      case 'jobs':
        void navigate(`${paths.dispatch}?booking=${encodeURIComponent(hit.id)}`);
        return;
      case 'customers':
        setCustomerId(hit.id);
        return;
      case 'drivers':
        void navigate(`${paths.dispatch}?driver=${encodeURIComponent(hit.id)}`);
        return;
      case 'vehicles':
        void navigate(`${paths.dispatch}?vehicle=${encodeURIComponent(hit.id)}`);
        return;
      case 'locations': {
        // The address's jobs past and ahead, not only this week's.
        const range = locationJobsRange(new Date(), BOOKING_TIME_ZONE);
        const query = new URLSearchParams({ q: hit.id, from: range.from, to: range.to });
        void navigate(`${paths.jobs}?${query.toString()}`);
        return;
      }
      default: {
        const unknown: never = kind;
        return unknown;
      }
    }
  }

  return (
    <>
      <PageTitle>Search</PageTitle>
      <form onSubmit={handleSubmit} role="search">
        <Group gap="sm" mb="md">
          <TextInput
            ref={box}
            id={SEARCH_BOX_ID}
            aria-label="Search"
            // '/' on any dispatcher screen comes to this box (useSlashToSearch).
            aria-keyshortcuts="/"
            description="Press / on any screen to search."
            placeholder="Search jobs, drivers, or locations..."
            maxLength={SEARCH_TEXT_MAX}
            leftSection={<Search size={16} />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            style={{ flex: '1 1 320px' }}
            maw={560}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm" radius="md">
            <Title order={2} size="h4" mb="xs">
              Recent Searches
            </Title>
            <Stack gap={4}>
              {recent.data?.searches.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No searches yet.
                </Text>
              ) : null}
              {recent.data?.searches.map((item) => (
                <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs">
                  <UnstyledButton onClick={() => run(item.query)} style={{ minWidth: 0 }}>
                    <Text size="sm" truncate>
                      {item.query}
                    </Text>
                  </UnstyledButton>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${item.query}`}
                    onClick={() => remove.mutate(item.id)}
                  >
                    <X size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="sm" radius="md">
            <Title order={2} size="h4" mb="xs">
              Search Results
            </Title>
            {!q ? <Text c="dimmed">Enter a search term to see results</Text> : null}
            {q && results.isLoading ? <Loader size="sm" aria-label="Searching" /> : null}
            {results.isError ? <Alert color="red">{errorMessage(results.error)}</Alert> : null}
            {q && results.data ? <SearchResults answer={results.data} onOpen={open} /> : null}
          </Paper>
        </Grid.Col>
      </Grid>
      {/* The profile Customer Management shows; dispatchers read it, admins edit it there. */}
      <CustomerProfileModal
        customerId={customerId}
        onClose={() => setCustomerId(null)}
        canEdit={false}
      />
    </>
  );
}
