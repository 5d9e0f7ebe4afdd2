import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { HydrationGate, useIsHydrated } from './hydration-gate';

const RouteOverlays = lazy(async () => ({
  default: (await import('./route-overlays')).RouteOverlays,
}));

/**
 * The notifications and modals, mounted once the page has hydrated: they
 * bring in Mantine's Modal, Transition and Portal code, which the first paint
 * does not need, and mounting them apart from the page re-renders only them.
 */
function DeferredOverlays() {
  if (!useIsHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <RouteOverlays />
    </Suspense>
  );
}

/**
 * The root route's element. Inside the router, so a dialog opened with
 * `modals.open` can use links and router hooks.
 */
export function RouteProviders() {
  return (
    <>
      <DeferredOverlays />
      <HydrationGate>
        <Outlet />
      </HydrationGate>
    </>
  );
}
