import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';

export function changePassword(input: ChangePasswordInput) {
  return api<{ ok: true }>('/profile/password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
