import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SignUpInput = { name: string; email: string; password: string };

export function signUp(input: SignUpInput): Promise<unknown> {
  return api('/auth/sign-up/email', { method: 'POST', body: input });
}

/** Creates the account; it does not sign in (useAuth's signUp signs in next). */
export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
