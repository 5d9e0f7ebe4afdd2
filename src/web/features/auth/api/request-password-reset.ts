import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type RequestPasswordResetInput = { email: string };

export function requestPasswordReset({ email }: RequestPasswordResetInput): Promise<unknown> {
  return api('/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: paths.resetPassword },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
