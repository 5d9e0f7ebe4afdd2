import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerListResponse } from '../../../../domain/customers';
import { api } from '../../../lib/api-client';
import { CUSTOMERS_QUERY_KEY } from './create-customer';

/** A search and the page of it: `cursor` is the previous page's `nextCursor`, null for the first. */
export type CustomerListParams = { q: string; limit: number; cursor: string | null };

/** The query string for a search ('' when nothing is typed). */
export function customerSearchParams(params: Partial<CustomerListParams>): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.cursor) search.set('cursor', params.cursor);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/customers: one page of the search, newest first, with the (capped) total. */
export function getCustomers(
  params: CustomerListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CustomerListResponse> {
  return api<CustomerListResponse>(`/customers${customerSearchParams(params)}`, { signal });
}

export function getCustomersQueryOptions(params: CustomerListParams) {
  return queryOptions({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getCustomers(params, { signal }),
    // The table keeps the last page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: CustomerListParams) {
  return useQuery(getCustomersQueryOptions(params));
}

/** Where the Export CSV button downloads the customers matching `q`. */
export function customersCsvUrl(q: string): string {
  return `/api/customers/export.csv${customerSearchParams({ q })}`;
}
