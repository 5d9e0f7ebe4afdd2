import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerResponse, CustomerUpdate } from '../../../../domain/customers';
import { api } from '../../../lib/api-client';
import { CUSTOMERS_QUERY_KEY } from './create-customer';

export type UpdateCustomerRequest = { id: string; changes: CustomerUpdate };

/** PATCH /api/customers/:id with the changed fields. */
export function updateCustomer({ id, changes }: UpdateCustomerRequest): Promise<CustomerResponse> {
  return api<CustomerResponse>(`/customers/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
  });
}

/** Saves a customer, then reloads the list and the profile. */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY }),
  });
}
