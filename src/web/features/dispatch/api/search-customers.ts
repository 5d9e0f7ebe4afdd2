import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dialledAsPlus } from '../../../../domain/customers/phone';
import { api } from '../../../lib/api-client';

/** The fields of GET /api/customers the phone lookup uses. */
export type CustomerMatch = {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  /** Applied to the Vehicle Type when the customer is chosen (withChosenCustomer). */
  preferredVehicleType: string | null;
};

/** The phone lookup starts at this many characters. */
export const MIN_CUSTOMER_LOOKUP_LENGTH = 4;
/** The most matches offered under the phone field. */
export const MAX_CUSTOMER_MATCHES = 8;

export function searchCustomers(
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ customers: CustomerMatch[]; total: number }> {
  const params = new URLSearchParams({ q: query });
  return api<{ customers: CustomerMatch[]; total: number }>(`/customers?${params.toString()}`, {
    signal,
  });
}

/**
 * What to send for what was typed: saved phones are in international form
 * (+61...), so a local number typed as 0412 345 is looked up as +61412345.
 */
export function customerLookupQuery(typed: string): string {
  const compact = typed.replace(/[\s()-]/g, '');
  // Dialled from abroad (0061, 0011 61): the + it stands for (decision 202).
  const dialled = dialledAsPlus(compact);
  if (dialled !== compact && /^\+\d{3,}$/.test(dialled)) return dialled;
  if (/^0\d{3,}$/.test(compact)) return `+61${compact.slice(1)}`;
  return typed.trim();
}

export function searchCustomersQueryOptions(query: string) {
  const text = customerLookupQuery(query);
  return queryOptions({
    queryKey: ['customers', 'lookup', text],
    queryFn: ({ signal }) => searchCustomers(text, { signal }),
    staleTime: 60_000,
  });
}

/** Customers matching what was typed in the phone field; idle below 4 characters. */
export function useCustomerLookup(query: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...searchCustomersQueryOptions(query),
    enabled: enabled && query.trim().length >= MIN_CUSTOMER_LOOKUP_LENGTH,
    placeholderData: keepPreviousData,
  });
}
