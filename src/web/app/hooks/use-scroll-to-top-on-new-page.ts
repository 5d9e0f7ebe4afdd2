import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A link to another page opens it at its top, as a page load would: the
 * router keeps the window where it was (the driver's Open Documents opened
 * halfway down). Only a new path moves it: a filter or a dialog kept in the
 * query string leaves the page where it is, and Back and Forward (a POP) are
 * left to the browser, which puts the page back where it was read.
 */
export function useScrollToTopOnNewPage() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
