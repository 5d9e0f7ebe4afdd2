import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../../domain/api';
import { api } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../auth/api/get-me';

export type FirstAdminInput = { token: string; name: string; email: string; password: string };

export function createFirstAdmin(input: FirstAdminInput): Promise<MeResponse> {
  return api<MeResponse>('/setup', { method: 'POST', body: input });
}

/** Creates the first admin; the answer signs them in (its cookie) and is who is signed in now. */
export function useCreateFirstAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFirstAdmin,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
