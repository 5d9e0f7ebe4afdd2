import { useCallback, useRef } from 'react';

/**
 * A guard against a double click: the function it returns starts an action
 * unless an action it started is still running. A pending state disables a
 * button one render later (TanStack Query reports it after a task), so the
 * second click of a double click can arrive before the button is disabled.
 */
export function useOneAtATime(): (action: () => Promise<unknown>) => Promise<void> {
  const running = useRef(false);
  return useCallback(async (action) => {
    if (running.current) return;
    running.current = true;
    try {
      await action();
    } finally {
      running.current = false;
    }
  }, []);
}

/** Longer than the gap between the two clicks of a double click (Windows' default is 500 ms). */
export const DOUBLE_CLICK_MS = 500;

/**
 * For a button that appears where the previous button was: the function it
 * returns says whether the button appeared too recently to have been meant,
 * so that the second half of a double click on the button before it does
 * not press it. Confirm import's double click pressed 'Import another file'
 * on the report that replaced it, and the report was gone before it was read.
 */
export function useJustAppeared(ms = DOUBLE_CLICK_MS): () => boolean {
  const appearedAt = useRef(performance.now());
  return useCallback(() => performance.now() - appearedAt.current < ms, [ms]);
}
