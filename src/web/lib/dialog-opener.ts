import { useCallback, useRef } from 'react';

/**
 * Gives the focus back to what opened a dialog or drawer that is mounted
 * already open: one loaded on its first use (lazy), or rendered only while
 * open. Mantine records the opener when `opened` turns true, which such a
 * dialog never sees, so its first close left the focus on the page (WCAG
 * 2.4.3). Call `remember` with the button pressed, `returnFocus` in onClose;
 * a later open of the same dialog is Mantine's own, to the same button.
 */
export function useDialogOpener() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback((element: HTMLElement | null) => {
    opener.current = element;
  }, []);
  const returnFocus = useCallback(() => {
    const element = opener.current;
    if (element?.isConnected) element.focus({ preventScroll: true });
  }, []);
  return { remember, returnFocus };
}
