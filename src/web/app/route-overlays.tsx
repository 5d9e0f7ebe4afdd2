import './styles/overlay-styles';
import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { replayPendingModals } from './overlays-on-first-use';
import classes from './route-providers.module.css';

/** After the provider's listeners are in place (its layout effect), the modals asked for before. */
function ReplayPendingModals() {
  useEffect(replayPendingModals, []);
  return null;
}

/**
 * The notifications container and the modals provider, loaded on their first
 * use (route-providers.tsx) with their styles. A notification shown before
 * they arrive is kept by Mantine's store and shown once the container mounts;
 * a `modals.open*` before then is caught and sent again once the provider
 * listens (overlays-on-first-use.ts).
 */
export function RouteOverlays() {
  return (
    <>
      {/* Below the app header and the dispatcher's top bar, never over their tools;
          at the bottom while a dialog is open, never over its first fields. */}
      <Notifications position="top-right" classNames={{ root: classes.notifications }} />
      <ModalsProvider />
      <ReplayPendingModals />
    </>
  );
}
