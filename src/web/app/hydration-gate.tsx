import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

/**
 * Keeps a prerendered page's controls disabled until React has hydrated it:
 * a tap on the HTML before the scripts ran would be lost. A page rendered
 * in the browser (not hydrated) is enabled from its first paint.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const isHydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <fieldset disabled={!isHydrated} role="presentation" style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}
