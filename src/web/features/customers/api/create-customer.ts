import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerInput, CustomerResponse } from '../../../../domain/customers';
import { api } from '../../../lib/api-client';

/** Every customer query (lists, profiles) starts with this key. */
export const CUSTOMERS_QUERY_KEY = ['customers'] as const;

/** POST /api/customers: 201 with the customer; 409 when the phone or email is taken. */
export function createCustomer(input: CustomerInput): Promise<CustomerResponse> {
  return api<CustomerResponse>('/customers', { method: 'POST', body: input });
}

/** Creates a customer, then reloads every customer list and profile. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY }),
  });
}
