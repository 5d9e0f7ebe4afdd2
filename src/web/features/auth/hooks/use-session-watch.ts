import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onRefusedCall } from '../../../lib/api-client';
import { checkSession, ME_QUERY_KEY, type Me } from '../api/get-me';

/**
 * A call refused with 401 or 403 while someone is signed in asks the server
 * who is signed in now, so a screen learns its session ended (or its role
 * changed) from any refused save or refresh, not only from the live stream.
 * A 403 alone signs nobody out: only the answer to GET /api/me does.
 */
export function useSessionWatch(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRefusedCall((_status, path) => {
        if (path === '/me' || !queryClient.getQueryData<Me | null>(ME_QUERY_KEY)) return;
        checkSession(queryClient).catch(() => {
          // No answer (offline, a server error): the session is taken as it was.
        });
      }),
    [queryClient],
  );
}
