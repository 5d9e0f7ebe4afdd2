import './styles/overlay-styles';
import { useEffect, useState } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { replayPendingModals } from './overlays-on-first-use';
import classes from './route-providers.module.css';

/** After the provider's listeners are in place (its layout effect), the modals asked for before. */
function ReplayPendingModals() {
  useEffect(replayPendingModals, []);
  return null;
}

/** Mantine's notice width, the least that still reads well, and the space around one. */
const NOTICE_WIDTH = 440;
const NARROWEST_NOTICE = 240;
const NOTICE_MARGIN = 16;
/** With no room beside an open dialog, one notice at a time: a stack climbs over its buttons. */
const NOTICES_OVER_A_DIALOG = 1;
const NOTICES_AT_ONCE = 5;

/**
 * How the notices fit while a dialog is open (decision 116): as wide as the
 * room right of the dialog allows, so they never lie over it, or, without
 * room for a readable notice, one at a time (the rest wait their turn).
 */
export function noticeLayout(
  viewportWidth: number,
  dialogRight: number | null,
): { width: number; limit: number } {
  if (dialogRight === null) return { width: NOTICE_WIDTH, limit: NOTICES_AT_ONCE };
  const room = viewportWidth - dialogRight - 2 * NOTICE_MARGIN;
  if (room >= NARROWEST_NOTICE) {
    return { width: Math.min(room, NOTICE_WIDTH), limit: NOTICES_AT_ONCE };
  }
  return { width: NOTICE_WIDTH, limit: NOTICES_OVER_A_DIALOG };
}

/** The right edge of the open Modal or Drawer (the one `aria-modal` element), if any. */
function openDialogRight(): number | null {
  const dialogs = document.querySelectorAll('[aria-modal="true"]');
  const dialog = dialogs[dialogs.length - 1];
  return dialog ? dialog.getBoundingClientRect().right : null;
}

/** noticeLayout for the dialog open now, kept up to date as dialogs open, close and resize. */
function useNoticeLayout() {
  const [layout, setLayout] = useState(() => noticeLayout(window.innerWidth, null));
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = noticeLayout(window.innerWidth, openDialogRight());
        setLayout((current) =>
          current.width === next.width && current.limit === next.limit ? current : next,
        );
      });
    };
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    measure();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return layout;
}

/**
 * The notifications container and the modals provider, loaded on their first
 * use (route-providers.tsx) with their styles. A notification shown before
 * they arrive is kept by Mantine's store and shown once the container mounts;
 * a `modals.open*` before then is caught and sent again once the provider
 * listens (overlays-on-first-use.ts).
 */
export function RouteOverlays() {
  const layout = useNoticeLayout();
  return (
    <>
      {/* Below the app header and the dispatcher's top bar, never over their tools;
          at the bottom while a dialog is open, beside it when there is room. */}
      <Notifications
        position="top-right"
        classNames={{ root: classes.notifications }}
        containerWidth={layout.width}
        limit={layout.limit}
      />
      <ModalsProvider />
      <ReplayPendingModals />
    </>
  );
}
