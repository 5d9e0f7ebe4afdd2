import { useEffect, useState } from 'react';

let loaded = false;
let loading: Promise<void> | null = null;

function loadStaffStyles(): Promise<void> {
  loading ??= import('./staff-styles').then(() => {
    loaded = true;
  });
  return loading;
}

/**
 * True once the staff areas' stylesheet is in the page. A protected page
 * waits for it (one small request, once), so it never paints unstyled.
 */
export function useStaffStyles(needed: boolean): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (!needed || ready) return;
    let active = true;
    void loadStaffStyles().then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, [needed, ready]);
  return !needed || ready;
}
