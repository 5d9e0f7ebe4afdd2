import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../auth/api/get-me';
import { PROFILE_QUERY_KEY } from './get-profile';

export function updateProfile(input: UpdateProfileInput) {
  return api<Profile>('/profile', { method: 'PATCH', body: input });
}

/** Saves name and email; the header's user comes from /api/me, so that refetches too. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
