import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffUser } from '../../../../domain/users';
import { api } from '../../../lib/api-client';

export const USERS_QUERY_KEY = ['users'] as const;

export function getUsers({ signal }: { signal?: AbortSignal } = {}) {
  return api<{ users: StaffUser[] }>('/users', { signal });
}

export function getUsersQueryOptions() {
  return queryOptions({
    queryKey: USERS_QUERY_KEY,
    queryFn: ({ signal }) => getUsers({ signal }),
  });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
