import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

type SessionEndedStore = { isEnded: boolean; listeners: Set<() => void> };

// One per query client, as the session it describes is (a test's client starts afresh).
const stores = new WeakMap<QueryClient, SessionEndedStore>();

function storeOf(client: QueryClient): SessionEndedStore {
  let store = stores.get(client);
  if (!store) {
    store = { isEnded: false, listeners: new Set() };
    stores.set(client, store);
  }
  return store;
}

/**
 * Whether a check found the session this page was opened with gone (signed
 * out elsewhere, expired, disabled), as against nobody having signed in or a
 * sign-out from this tab. Set and cleared by the "who is signed in?" query.
 */
export function setSessionEnded(client: QueryClient, isEnded: boolean): void {
  const store = storeOf(client);
  if (store.isEnded === isEnded) return;
  store.isEnded = isEnded;
  store.listeners.forEach((listener) => listener());
}

export function isSessionEnded(client: QueryClient): boolean {
  return storeOf(client).isEnded;
}

export function useIsSessionEnded(): boolean {
  const client = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => {
      const { listeners } = storeOf(client);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    [client],
  );
  const read = () => storeOf(client).isEnded;
  return useSyncExternalStore(subscribe, read, read);
}
