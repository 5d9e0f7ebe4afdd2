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

/** The customer with this id; idle while there is none (a booking for no saved customer). */
export function useCustomer(id: string | null) {
  return useQuery({ ...getCustomerQueryOptions(id ?? ''), enabled: id !== null });
}
