import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetailResponse } from '../../../../domain/customers';
import { api } from '../../../lib/api-client';
import { CUSTOMERS_QUERY_KEY } from './create-customer';

/** GET /api/customers/:id: the customer and their five latest bookings. */
export function getCustomer(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CustomerDetailResponse> {
  return api<CustomerDetailResponse>(`/customers/${encodeURIComponent(id)}`, { signal });
}

export function getCustomerQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getCustomer(id, { signal }),
  });
}

export function useCustomer(id: string) {
  return useQuery(getCustomerQueryOptions(id));
}
