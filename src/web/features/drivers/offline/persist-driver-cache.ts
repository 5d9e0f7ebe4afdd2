import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type QueryCacheNotifyEvent,
  type QueryClient,
} from '@tanstack/react-query';
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

/**
 * Whether a cache event can change the copy: an answer (or data set by hand,
 * as a tap's answer is) or a query gone. The cache also tells of every render
 * whose query options are built anew (an inline queryFn is a new function:
 * 'observerOptionsUpdated'), and each job card re-renders once a second for
 * its countdowns; counted as changes, they put the save off for as long as
 * My Jobs was open, and a phone reopened offline from there had no copy.
 */
function changesKeptData(event: QueryCacheNotifyEvent): boolean {
  if (event.type === 'removed') return true;
  return (
    event.type === 'updated' &&
    (event.action.type === 'success' || event.action.type === 'setState')
  );
}

const keptClients = new WeakSet<QueryClient>();

/**
 * Keeps the copy current from now on: saved a second after an answer
 * changes it. The second is counted from the first unsaved change, not the
 * last: answers that keep coming (a busy shift's live events) join the next
 * save rather than putting it off.
 */
export function keepDriverCache(queryClient: QueryClient): void {
  if (keptClients.has(queryClient)) return;
  keptClients.add(queryClient);
  let isSaveDue = false;
  queryClient.getQueryCache().subscribe((event) => {
    if (isSaveDue || !changesKeptData(event)) return;
    isSaveDue = true;
    setTimeout(() => {
      isSaveDue = false;
      void saveDriverCache(queryClient).catch(() => {});
    }, SAVE_DELAY_MS);
  });
}
