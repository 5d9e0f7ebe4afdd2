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

/**
 * Mantine's notice width, the least that still reads well, and the space
 * around one. 200 px fits a notice beside an xl dialog (780 px) from 1264 px
 * up, so on a 1280 px laptop none lies over the dialog (decision 149).
 */
const NOTICE_WIDTH = 440;
const NARROWEST_NOTICE = 200;
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

/** A box on the screen, in CSS pixels from the window's top left. */
type ScreenBox = { top: number; right: number; bottom: number; left: number };
type Viewport = { width: number; height: number };

/** Inside a place, the notices keep this far from its top and right edges... */
const PLACE_INSET = 10;
/** ...and clear of its top-left corner, where the map has its zoom buttons (10 + 34 px). */
const PLACE_CORNER = 54;
/** A notice's height with the space under it: a title and two lines, about 83 px, and its gap. */
const NOTICE_STEP = 100;

/** Where a page has the notices' container stand; null leaves it to the stylesheet. */
type NoticeSpot = { top: number; right: number } | { bottom: number; right: number } | null;

type NoticeLayout = { width: number; limit: number; spot: NoticeSpot };

/** How many notices stand at once in `height` px, at least one, five at most. */
function noticesIn(height: number): number {
  return Math.min(Math.max(Math.floor(height / NOTICE_STEP), 1), NOTICES_AT_ONCE);
}

/**
 * Where a page asks its notices to stand (decision 149): over the top-right
 * corner of the element marked `data-notices-place`, the dispatch board's map,
 * clear of the toolbars around it. As wide as the place allows with its
 * top-left corner left free, up to 440 px, taking at most half its height
 * (the others wait their turn). Null when the place is not in the window or
 * too narrow for a readable notice.
 */
export function placedNotices(viewport: Viewport, place: ScreenBox): NoticeLayout | null {
  const width = Math.min(NOTICE_WIDTH, place.right - place.left - PLACE_CORNER - PLACE_INSET);
  if (width < NARROWEST_NOTICE) return null;
  if (place.top < 0 || place.top + NOTICE_STEP > viewport.height) return null;
  return {
    width: Math.floor(width),
    limit: noticesIn((place.bottom - place.top) / 2),
    spot: {
      top: Math.round(place.top + PLACE_INSET),
      right: Math.round(viewport.width - place.right + PLACE_INSET),
    },
  };
}

/**
 * Without a place in view (the dispatch board's List View), in the bottom-right
 * corner just above the element marked `data-notices-above`, the board's
 * bottom bar, taking at most half the window's height, so a stack never
 * climbs to the toolbars. Null when the bar's top is not in the window's
 * lower half (a phone's page that scrolls).
 */
export function noticesAbove(viewport: Viewport, bar: ScreenBox): NoticeLayout | null {
  if (bar.top > viewport.height || bar.top < viewport.height / 2) return null;
  return {
    width: NOTICE_WIDTH,
    limit: noticesIn(viewport.height / 2),
    spot: { bottom: Math.round(viewport.height - bar.top + PLACE_INSET), right: NOTICE_MARGIN },
  };
}

/** The right edge of the open Modal or Drawer (the one `aria-modal` element), if any. */
function openDialogRight(): number | null {
  const dialogs = document.querySelectorAll('[aria-modal="true"]');
  const dialog = dialogs[dialogs.length - 1];
  return dialog ? dialog.getBoundingClientRect().right : null;
}

/**
 * The notices' layout now: beside an open dialog (decision 116), else where
 * the page asks (decision 149), else the stylesheet's place.
 */
function currentLayout(): NoticeLayout {
  const dialogRight = openDialogRight();
  if (dialogRight === null) {
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    const place = document.querySelector('[data-notices-place]');
    const placed = place ? placedNotices(viewport, place.getBoundingClientRect()) : null;
    if (placed) return placed;
    const bar = document.querySelector('[data-notices-above]');
    const above = bar ? noticesAbove(viewport, bar.getBoundingClientRect()) : null;
    if (above) return above;
  }
  return { ...noticeLayout(window.innerWidth, dialogRight), spot: null };
}

function sameLayout(a: NoticeLayout, b: NoticeLayout): boolean {
  return (
    a.width === b.width && a.limit === b.limit && JSON.stringify(a.spot) === JSON.stringify(b.spot)
  );
}

/**
 * A spot as the CSS variables the stylesheet's top-right container reads
 * (route-providers.module.css): Mantine gives `style` to the container of
 * every position, and only the top-right one is used.
 */
function spotStyle(spot: NoticeSpot): Record<string, string> | undefined {
  if (spot === null) return undefined;
  return 'top' in spot
    ? { '--notices-top': `${spot.top}px`, '--notices-right': `${spot.right}px` }
    : {
        '--notices-top': 'auto',
        '--notices-bottom': `${spot.bottom}px`,
        '--notices-right': `${spot.right}px`,
      };
}

/**
 * The notices' layout, kept up to date as dialogs open and close, the page
 * changes (the dispatch map comes, goes and changes size), the window is
 * resized or the page scrolled.
 */
function useNoticeLayout(): NoticeLayout {
  const [layout, setLayout] = useState<NoticeLayout>(() => ({
    ...noticeLayout(window.innerWidth, null),
    spot: null,
  }));
  useEffect(() => {
    let frame = 0;
    let watched: Element | null = null;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const place = document.querySelector('[data-notices-place]');
        if (place !== watched) {
          if (watched) resizes.unobserve(watched);
          if (place) resizes.observe(place);
          watched = place;
        }
        const next = currentLayout();
        setLayout((current) => (sameLayout(current, next) ? current : next));
      });
    };
    const resizes = new ResizeObserver(measure);
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    measure();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      resizes.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
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
      {/* Below the app header, never over its links; on the dispatch board over
          the map's top-right corner, or above its bottom bar, clear of the
          toolbars; at the bottom while a dialog is open, beside it when there
          is room. */}
      <Notifications
        position="top-right"
        classNames={{ root: classes.notifications }}
        containerWidth={layout.width}
        limit={layout.limit}
        style={spotStyle(layout.spot)}
      />
      <ModalsProvider />
      <ReplayPendingModals />
    </>
  );
}
