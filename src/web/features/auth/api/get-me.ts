import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../../domain/api';
import { api, isApiError } from '../../../lib/api-client';
import { isSessionEnded, setSessionEnded } from './session-ended';

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
    queryFn: async ({ signal, client }) => {
      const me = await getMe({ signal });
      if (me !== null && isSessionEnded(client)) {
        // Signed in again: what the kept page shows missed the live events
        // and refreshes refused meanwhile.
        setSessionEnded(client, false);
        void client.invalidateQueries({
          predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0],
        });
      } else if (me === null && client.getQueryData<Me | null>(ME_QUERY_KEY)) {
        // Nobody where somebody was: the session ended behind this tab's back
        // (a sign-out from this tab sets null without asking).
        setSessionEnded(client, true);
      }
      return me;
    },
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}

/**
 * Asks the server again who is signed in, now: after a refused call or a
 * dropped live stream, the session may have ended or the role changed. A
 * check already under way is shared. Resolves to null when nobody is.
 */
export function checkSession(client: QueryClient): Promise<Me | null> {
  return client.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 });
}
