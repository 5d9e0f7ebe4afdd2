import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Outlet } from 'react-router';
import { HydrationGate } from './hydration-gate';
import classes from './route-providers.module.css';

/**
 * The root route's element, loaded lazily: modals and notifications bring in
 * a third of the shell's code, which the first paint does not need. Inside the
 * router, a dialog opened with `modals.open` can use links and router hooks.
 */
export function RouteProviders() {
  return (
    <ModalsProvider>
      {/* Below the app header and the dispatcher's top bar, never over their tools. */}
      <Notifications position="top-right" classNames={{ root: classes.notifications }} />
      <HydrationGate>
        <Outlet />
      </HydrationGate>
    </ModalsProvider>
  );
}
