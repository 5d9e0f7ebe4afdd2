import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MailStatus, OutboxPage } from '../../../../domain/mail';
import { api } from '../../../lib/api-client';

export const OUTBOX_QUERY_KEY = ['mail', 'outbox'] as const;

export type OutboxFilter = { q?: string; status?: MailStatus; limit: number; offset: number };

/** GET /api/mail: a page of the outbox, newest first. */
export function getOutbox(filter: OutboxFilter, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams({
    limit: String(filter.limit),
    offset: String(filter.offset),
  });
  if (filter.q) search.set('q', filter.q);
  if (filter.status) search.set('status', filter.status);
  return api<OutboxPage>(`/mail?${search.toString()}`, { signal });
}

export function getOutboxQueryOptions(filter: OutboxFilter) {
  return queryOptions({
    queryKey: [...OUTBOX_QUERY_KEY, filter],
    queryFn: ({ signal }) => getOutbox(filter, { signal }),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(filter: OutboxFilter) {
  return useQuery(getOutboxQueryOptions(filter));
}
