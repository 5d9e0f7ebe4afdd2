import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ResetPasswordInput = { newPassword: string; token: string };

/** The server names the link's account, so the page can sign in with the new password. */
export type ResetPasswordAnswer = { status: boolean; email?: string };

export function resetPassword(input: ResetPasswordInput): Promise<ResetPasswordAnswer> {
  return api<ResetPasswordAnswer>('/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
