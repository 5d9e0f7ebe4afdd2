import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * True while the page is prerendered HTML React has not hydrated yet: in the
 * prerender itself (no document) and from main.tsx's hydrateRoot until the
 * gate's first effect. False for a page rendered in the browser from scratch.
 */
let awaitingHydration = typeof document === 'undefined';

/** Called by main.tsx just before it hydrates a prerendered page. */
export function markHydrating(): void {
  awaitingHydration = true;
}

/**
 * Keeps a prerendered page's controls disabled until React has hydrated it:
 * a tap on the HTML before the scripts ran would be lost. A page rendered
 * in the browser (not hydrated) is enabled from its first paint.
 *
 * The switch is a transition, started from the gate's first effect. An
 * urgent update there (it was useSyncExternalStore's move from the server
 * snapshot to the browser's) made React finish hydrating the rest of the
 * page synchronously, in one task the browser could not interrupt: /book's
 * longest task under Lighthouse's 4x slowdown.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const [isHydrated, setIsHydrated] = useState(() => !awaitingHydration);
  useEffect(() => {
    if (isHydrated) return;
    awaitingHydration = false;
    startTransition(() => setIsHydrated(true));
  }, [isHydrated]);
  return (
    <fieldset disabled={!isHydrated} role="presentation" style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}
