import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverRosterQuery, RosterDriver } from '../../../../domain/drivers';
import { api } from '../../../lib/api-client';

/** Every driver query (roster, records, the dispatch list) starts with this key. */
export const DRIVERS_QUERY_KEY = ['drivers'] as const;

function rosterSearchParams(query: DriverRosterQuery): string {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.status) search.set('status', query.status);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/drivers/roster: driver records by name, searched and filtered. */
export function getRoster(query: DriverRosterQuery, { signal }: { signal?: AbortSignal } = {}) {
  return api<{ drivers: RosterDriver[] }>(`/drivers/roster${rosterSearchParams(query)}`, {
    signal,
  });
}

export function rosterQueryOptions(query: DriverRosterQuery) {
  return queryOptions({
    queryKey: [...DRIVERS_QUERY_KEY, 'roster', query],
    queryFn: ({ signal }) => getRoster(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRoster(query: DriverRosterQuery) {
  return useQuery(rosterQueryOptions(query));
}

/** Where Export CSV downloads the drivers matching the search and filter. */
export function rosterCsvUrl(query: DriverRosterQuery): string {
  return `/api/drivers/roster.csv${rosterSearchParams(query)}`;
}
