import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '../../../../domain/api';
import { api, isApiError } from '../../../lib/api-client';

export type Me = MeResponse;
export type AuthUser = Me['user'];

export const ME_QUERY_KEY = ['me'] as const;

/** The signed-in user and role, or null when nobody is signed in (a 401). */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me | null> {
  try {
    return await api<Me>('/me', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe({ signal }),
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
