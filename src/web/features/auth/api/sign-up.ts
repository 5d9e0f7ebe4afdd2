import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ME_QUERY_KEY } from './get-me';

export type SignUpInput = { name: string; email: string; password: string };

export function signUp(input: SignUpInput): Promise<unknown> {
  return api('/auth/sign-up/email', { method: 'POST', body: input });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    // A new account is signed in straight away.
    onSuccess: () => queryClient.resetQueries({ queryKey: ME_QUERY_KEY }),
  });
}
