import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { ME_QUERY_KEY, type Me } from '../../auth/api/get-me';
import { DRIVER_APP_QUERY_KEY } from '../api/get-driver-home';

/** A copy older than a day is not shown: the jobs will have moved on. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 1000;
const CACHE_KEY = 'queries';
const PUBLIC_SETTINGS_KEY = 'public-settings';

type SavedCache = { savedAt: number; state: DehydratedState };

let store: UseStore | null = null;
function cacheStore(): UseStore {
  // A database of its own: idb-keyval creates one object store per database.
  store ??= createStore('driver-app-cache', 'queries');
  return store;
}

/**
 * What the phone keeps for reopening the app without a connection: who is
 * signed in, the settings, and the driver's own screens (jobs, home,
 * history), only while a driver is signed in; after sign-out nothing.
 */
function shouldKeep(queryClient: QueryClient, queryKey: readonly unknown[]): boolean {
  const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
  if (me?.role !== 'driver') return false;
  const [first] = queryKey;
  return (
    first === ME_QUERY_KEY[0] || first === PUBLIC_SETTINGS_KEY || first === DRIVER_APP_QUERY_KEY[0]
  );
}

/** Writes the kept queries now. */
export async function saveDriverCache(queryClient: QueryClient, now = Date.now()): Promise<void> {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && shouldKeep(queryClient, query.queryKey),
  });
  await set(CACHE_KEY, { savedAt: now, state } satisfies SavedCache, cacheStore());
}

/** Puts the last known driver screens back in the cache before the app first renders. */
export async function restoreDriverCache(
  queryClient: QueryClient,
  now = Date.now(),
): Promise<void> {
  try {
    const saved = await get<SavedCache>(CACHE_KEY, cacheStore());
    if (!saved || now - saved.savedAt > MAX_AGE_MS) return;
    hydrate(queryClient, saved.state);
    // The kept copy stands in until the network answers; it is never taken as
    // fresh (a job assigned since would otherwise wait for the next refresh).
    await queryClient.invalidateQueries({ refetchType: 'none' });
  } catch {
    // No IndexedDB (private mode) or a broken copy: start from the network.
  }
}

let isKeeping = false;

/** Keeps the copy current from now on: saved a second after the cache last changed. */
export function keepDriverCache(queryClient: QueryClient): void {
  if (isKeeping) return;
  isKeeping = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  queryClient.getQueryCache().subscribe(() => {
    clearTimeout(timer);
    timer = setTimeout(() => void saveDriverCache(queryClient).catch(() => {}), SAVE_DELAY_MS);
  });
}
