import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JobsResponse } from '../../../../domain/jobs';
import { api } from '../../../lib/api-client';

export const JOBS_QUERY_KEY = ['jobs'] as const;

/** The Jobs Overview's filters, as they stand in the page URL and in the API query. */
export type JobsFilters = {
  from?: string;
  to?: string;
  status?: string;
  attention?: 'true';
  driver?: string;
  vehicleType?: string;
  account?: string;
  source?: string;
  q?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
};

export const JOBS_FILTER_KEYS = [
  'from',
  'to',
  'status',
  'attention',
  'driver',
  'vehicleType',
  'account',
  'source',
  'q',
  'sort',
  'dir',
] as const satisfies readonly (keyof JobsFilters)[];

export function jobsSearchParams(filters: JobsFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const key of JOBS_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

/** A page of the list: `cursor` is the shown page's nextCursor or previousCursor, null for the first. */
export type JobsPage = { limit: number; cursor: string | null };

export function getJobs(
  filters: JobsFilters,
  page: JobsPage,
  { signal }: { signal?: AbortSignal } = {},
): Promise<JobsResponse> {
  const query = jobsSearchParams(filters, {
    limit: String(page.limit),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  });
  return api<JobsResponse>(`/jobs?${query}`, { signal });
}

export function getJobsQueryOptions(filters: JobsFilters, page: JobsPage) {
  return queryOptions({
    queryKey: [...JOBS_QUERY_KEY, 'list', filters, page],
    queryFn: ({ signal }) => getJobs(filters, page, { signal }),
  });
}

/**
 * Some 'Needs attention' reasons start with the clock alone (a pickup two
 * hours away, an assignment not accepted in time, a stale position): no
 * event tells of them, so the page asks again this often.
 */
export const JOBS_REFRESH_MS = 60_000;

export function useJobs(filters: JobsFilters, page: JobsPage) {
  return useQuery({
    ...getJobsQueryOptions(filters, page),
    placeholderData: keepPreviousData,
    refetchInterval: JOBS_REFRESH_MS,
  });
}

/** The CSV export of the same filters (all pages). */
export function jobsCsvUrl(filters: JobsFilters): string {
  const query = jobsSearchParams(filters);
  return `/api/jobs/export.csv${query ? `?${query}` : ''}`;
}
