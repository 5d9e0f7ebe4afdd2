import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ME_QUERY_KEY } from './get-me';

type SignOutCleanup = () => Promise<void> | void;
const cleanups = new Set<SignOutCleanup>();

/**
 * Runs `cleanup` at every sign-out, before the session ends: what a feature
 * keeps on the device for the signed-in person (the driver app's offline tap
 * queue) goes with them. Auth knows no feature; features register here.
 */
export function onSignOut(cleanup: SignOutCleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export async function signOut(): Promise<unknown> {
  // Even when the request then fails (no connection), the next person on this
  // device must not inherit what was kept for this one.
  await Promise.allSettled([...cleanups].map(async (cleanup) => cleanup()));
  return api('/auth/sign-out', { method: 'POST', body: {} });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // Nobody is signed in now: say so without a round trip, and drop every
      // other cached answer so the next user never sees the last one's data.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      queryClient.setQueryData(ME_QUERY_KEY, null);
    },
  });
}
