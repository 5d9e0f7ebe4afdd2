import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffUser, UpdateUserInput } from '../../../../domain/users';
import { api } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export type UpdateUserVariables = { id: string; changes: UpdateUserInput };

export function updateUser({ id, changes }: UpdateUserVariables) {
  return api<{ user: StaffUser }>(`/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
  });
}

/** A role change or (dis)abling; the list refetches either way, so a refusal shows the truth. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
