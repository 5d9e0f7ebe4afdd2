import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CorporateAccount } from '../../../../../domain/dispatch';
import { api } from '../../../../lib/api-client';

export const ACCOUNTS_QUERY_KEY = ['corporate-accounts'] as const;

export function getAccounts({ signal }: { signal?: AbortSignal } = {}) {
  return api<{ accounts: CorporateAccount[] }>('/accounts', { signal });
}

export function getAccountsQueryOptions() {
  return queryOptions({
    queryKey: ACCOUNTS_QUERY_KEY,
    queryFn: ({ signal }) => getAccounts({ signal }),
  });
}

/** Corporate accounts, by code. */
export function useAccounts() {
  return useQuery(getAccountsQueryOptions());
}
