const RELOADED_AT_KEY = 'app.reloadedForNewVersionAt';
/** A second failure this soon after reloading is not a new version: the error shows. */
const RELOAD_GUARD_MS = 10_000;

/**
 * A new version deployed while a page is open removes the script chunks
 * that page still asks for when it opens another screen: the import fails
 * ('Failed to fetch dynamically imported module') and the screen showed
 * 'Something went wrong'. Vite announces the failure (`vite:preloadError`);
 * the page then loads the new version once instead. The work on screen is
 * lost only where it was never saved (the driver's taps are kept on the
 * phone).
 */
export function reloadOnStaleChunks(
  target: Pick<Window, 'addEventListener'>,
  reload: () => void,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now: () => number = Date.now,
): void {
  target.addEventListener('vite:preloadError', (event) => {
    const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now() - last < RELOAD_GUARD_MS) return;
    storage.setItem(RELOADED_AT_KEY, String(now()));
    event.preventDefault();
    reload();
  });
}
