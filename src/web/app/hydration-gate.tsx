import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and in the prerender
 * itself), true once it has: the render after hydration. A page rendered in
 * the browser (not hydrated) is hydrated from its first render.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Keeps a prerendered page's controls disabled until React has hydrated it:
 * a tap on the HTML before the scripts ran would be lost. A page rendered
 * in the browser (not hydrated) is enabled from its first paint.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const isHydrated = useIsHydrated();
  return (
    <fieldset disabled={!isHydrated} role="presentation" style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}
