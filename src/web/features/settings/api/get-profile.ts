import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../domain/settings';
import { api } from '../../../lib/api-client';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function getProfile({ signal }: { signal?: AbortSignal } = {}) {
  return api<Profile>('/profile', { signal });
}

export function getProfileQueryOptions() {
  return queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getProfile({ signal }),
  });
}

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
