import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { LeaveGuardPrompt } from '../lib/leave-guard';
import { HydrationGate } from './hydration-gate';
import { useOverlaysWanted, watchOverlaysFirstUse } from './overlays-on-first-use';

const RouteOverlays = lazy(async () => ({
  default: (await import('./route-overlays')).RouteOverlays,
}));

/**
 * The notifications and modals, loaded and mounted on their first use (the
 * first `notifications.show` or `modals.open*`), never with the page: they
 * bring in Mantine's Modal, Transition and Portal code and their styles,
 * which a public page's visitor usually never needs. Mounted apart from the
 * page, so their arrival re-renders only them.
 */
function OverlaysOnFirstUse() {
  const isWanted = useOverlaysWanted();
  useEffect(watchOverlaysFirstUse, []);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <RouteOverlays />
    </Suspense>
  );
}

/**
 * The root route's element. Inside the router, so a dialog opened with
 * `modals.open` can use links and router hooks, and a form with unsaved
 * input can hold a navigation (`LeaveGuardPrompt`).
 */
export function RouteProviders() {
  return (
    <>
      <OverlaysOnFirstUse />
      <LeaveGuardPrompt />
      <HydrationGate>
        <Outlet />
      </HydrationGate>
    </>
  );
}
