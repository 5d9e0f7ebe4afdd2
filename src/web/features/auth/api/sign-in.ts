import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ME_QUERY_KEY } from './get-me';

export type SignInInput = { email: string; password: string };

export function signIn(input: SignInInput): Promise<unknown> {
  return api('/auth/sign-in/email', { method: 'POST', body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.resetQueries({ queryKey: ME_QUERY_KEY }),
  });
}
