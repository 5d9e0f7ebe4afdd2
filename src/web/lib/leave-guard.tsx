import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * Leaving a form that holds unsaved input asks first. Each form says, with
 * `useLeaveGuard`, whether it holds some; while one does, closing or
 * reloading the tab brings up the browser's own 'Leave site?' prompt
 * (beforeunload), and a link or Back to another page of the app opens
 * 'Leave without saving?' (`LeaveGuardPrompt`, mounted once at the root: a
 * router heeds only its last blocker, so the forms share one).
 */

type Guard = {
  /** The form holds input that is not saved. */
  dirty: boolean;
  /** Kept for this tab (the New Booking panel's draft): only closing the tab loses it. */
  keptInTab: boolean;
  /** Saved and leaving on purpose, before the form has rendered clean. */
  released: boolean;
};

const guards = new Set<Guard>();

/** Whether a form on screen holds unsaved input that leaving it would lose. */
function holdsUnsavedInput(): boolean {
  for (const guard of guards) {
    if (guard.dirty && !guard.keptInTab && !guard.released) return true;
  }
  return false;
}

/** Whether going from one address to the other loses unsaved input. */
export const losesUnsavedInput: BlockerFunction = ({ currentLocation, nextLocation }) =>
  // The same page with another query or hash keeps its forms mounted.
  currentLocation.pathname !== nextLocation.pathname && holdsUnsavedInput();

export type LeaveGuardOptions = {
  /**
   * The input is kept for this tab and comes back when the page opens again
   * (the New Booking panel's draft, decision 90): only leaving the tab (or
   * reloading it, which the browser does not tell apart) asks.
   */
  keptInTab?: boolean;
};

/**
 * Asks before the page is left while `dirty` (the form holds unsaved input).
 * A saved or reset form passes false. Returns `release`, for a form that
 * leaves the page itself right after saving (Add Driver opens the driver):
 * the save is not asked about though the form has not rendered clean yet.
 */
export function useLeaveGuard(dirty: boolean, { keptInTab = false }: LeaveGuardOptions = {}) {
  const guard = useRef<Guard>({ dirty: false, keptInTab: false, released: false });
  // Registered as the render commits: a navigation right after reads it.
  useLayoutEffect(() => {
    const current = guard.current;
    current.dirty = dirty;
    current.keptInTab = keptInTab;
    current.released = false;
    guards.add(current);
    return () => {
      guards.delete(current);
    };
  }, [dirty, keptInTab]);
  // Listening only while there is something to lose: a beforeunload listener
  // keeps the page out of the browser's back-forward cache.
  useEffect(() => {
    if (!dirty) return;
    const current = guard.current;
    const ask = (event: BeforeUnloadEvent) => {
      if (current.released) return;
      event.preventDefault();
      // Browsers before the standard's preventDefault read this instead.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return useCallback(() => {
    guard.current.released = true;
  }, []);
}

// Its own dialog, not one of the modals manager's: the manager shows one
// dialog at a time, so asking through it unmounted a form open in a dialog
// (the dashboard's Add Customer) and Stay brought the form back empty. Loaded
// on the first question: the public pages carry no Modal code.
const LeaveGuardDialog = lazy(() => import('./leave-guard-dialog'));

/**
 * The app's one navigation blocker: a link or Back to another page while a
 * form holds unsaved input asks 'Leave without saving?'. Stay (the focus, as
 * the safe answer), Escape or the close button keep the page and its input;
 * Leave goes on.
 */
export function LeaveGuardPrompt() {
  const { state, proceed, reset } = useBlocker(losesUnsavedInput);
  if (state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <LeaveGuardDialog onStay={() => reset?.()} onLeave={() => proceed?.()} />
    </Suspense>
  );
}

/**
 * A dialog holding a form closes by Escape, its backdrop or its close button
 * only after asking 'Close without saving?' while the form holds unsaved
 * input (a stray Escape lost a half-typed driver). The form's own Cancel is
 * an answer already and closes at once. `close` goes to the Modal's onClose,
 * `question` is rendered beside it, and while it asks the Modal must not
 * close on Escape itself (`isAsking`): Mantine's Escape reaches every dialog.
 */
export function useGuardedClose(onClose: () => void): {
  close: () => void;
  question: ReactNode;
  isAsking: boolean;
} {
  const [isAsking, setAsking] = useState(false);
  const close = useCallback(() => {
    if (holdsUnsavedInput()) setAsking(true);
    else onClose();
  }, [onClose]);
  const question = isAsking ? (
    <Suspense fallback={null}>
      <LeaveGuardDialog
        leaving="dialog"
        onStay={() => setAsking(false)}
        onLeave={() => {
          setAsking(false);
          onClose();
        }}
      />
    </Suspense>
  ) : null;
  return { close, question, isAsking };
}
