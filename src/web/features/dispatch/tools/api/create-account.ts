import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CorporateAccount, CreateCorporateAccountInput } from '../../../../../domain/dispatch';
import { api } from '../../../../lib/api-client';
import { ACCOUNTS_QUERY_KEY } from './get-accounts';

export function createAccount(input: CreateCorporateAccountInput) {
  return api<{ account: CorporateAccount }>('/accounts', { method: 'POST', body: input });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }),
  });
}
