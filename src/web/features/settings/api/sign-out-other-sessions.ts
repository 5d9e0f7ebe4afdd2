import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function signOutOtherSessions() {
  return api<{ ok: true }>('/profile/sign-out-others', { method: 'POST' });
}

export function useSignOutOtherSessions() {
  return useMutation({ mutationFn: signOutOtherSessions });
}
