import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import classes from './route-providers.module.css';

/**
 * The notifications container and the modals provider, loaded after the page
 * has hydrated (route-providers.tsx): neither shows anything on the first
 * paint. `notifications.show` before they arrive is kept by Mantine's store
 * and shown once the container mounts; `modals.open` is an event the provider
 * listens to, so it needs no ancestor of the page.
 */
export function RouteOverlays() {
  return (
    <>
      {/* Below the app header and the dispatcher's top bar, never over their tools. */}
      <Notifications position="top-right" classNames={{ root: classes.notifications }} />
      <ModalsProvider />
    </>
  );
}
