import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Outlet } from 'react-router';
import { HydrationGate } from './hydration-gate';

/** The app header (64 px) plus the dispatcher's top bar (about 52 px) and a gap. */
const NOTIFICATIONS_TOP = 'calc(64px + 52px + var(--mantine-spacing-xs))';

/**
 * The root route's element, loaded lazily: modals and notifications bring in
 * a third of the shell's code, which the first paint does not need. Inside the
 * router, a dialog opened with `modals.open` can use links and router hooks.
 */
export function RouteProviders() {
  return (
    <ModalsProvider>
      {/* Below the app header and the dispatcher's top bar, never over their tools. */}
      <Notifications position="top-right" styles={{ root: { top: NOTIFICATIONS_TOP } }} />
      <HydrationGate>
        <Outlet />
      </HydrationGate>
    </ModalsProvider>
  );
}
