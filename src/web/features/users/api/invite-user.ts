import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitedUserResponse, InviteUserInput } from '../../../../domain/users';
import { api } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export function inviteUser(input: InviteUserInput) {
  return api<InvitedUserResponse>('/users/invite', { method: 'POST', body: input });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
