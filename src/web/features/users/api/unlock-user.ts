import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffUser } from '../../../../domain/users';
import { api } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export function unlockUser(id: string) {
  return api<{ user: StaffUser }>(`/users/${encodeURIComponent(id)}/unlock`, { method: 'POST' });
}

/** Lifts a user's sign-in lock; the list refetches either way. */
export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
