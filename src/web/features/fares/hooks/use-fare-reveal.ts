import { useEffect, useRef, useState } from 'react';
import type { PlannedRoute } from '../../maps/types';

/**
 * After Calculate Fare, takes the visitor to the fare: once the new route's
 * quote has arrived (or failed), the fare's box is scrolled into view when
 * any of it is off screen, and it takes the focus. The button pressed is
 * disabled while it reads 'Calculating...', and a disabled button drops the
 * focus to the page; from the fare, Tab reaches Book Now next.
 *
 * Only a route the visitor calculated is revealed, not one put back on the
 * page (a restored calculator stays where the visitor left it).
 */
export function useFareReveal<T extends HTMLElement>({
  route,
  isQuoteSettled,
}: {
  route: PlannedRoute | null;
  /** The route's own quote is in (not a previous one kept on screen), or it failed. */
  isQuoteSettled: boolean;
}) {
  const fareRef = useRef<T>(null);
  const [calculatedRoute, setCalculatedRoute] = useState<PlannedRoute | null>(null);

  useEffect(() => {
    if (!calculatedRoute || calculatedRoute !== route || !isQuoteSettled) return;
    setCalculatedRoute(null);
    const fare = fareRef.current;
    if (!fare) return;
    // 'nearest' does not move a box already in view, and shows it whole when it fits.
    const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    fare.scrollIntoView({ block: 'nearest', behavior: isReduced ? 'auto' : 'smooth' });
    fare.focus({ preventScroll: true });
  }, [calculatedRoute, route, isQuoteSettled]);

  return {
    fareRef,
    /** Call with each route the planner reports; a new route is revealed once priced. */
    revealWhenPriced: (next: PlannedRoute | null) => setCalculatedRoute(next),
  };
}
