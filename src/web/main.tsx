import './app/styles/shell-styles';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { markHydrating } from './app/hydration-gate';
import { createAppRouter, loadMatchedRoutes } from './app/router';
import { reloadOnStaleChunks } from './app/stale-chunks';
import { queryClient } from './lib/query-client';

// Before any screen's chunk is fetched: a page older than the deployed version
// loads the new one once, at the screen being opened (a navigation waits for
// its chunk before the address changes), else the one on screen. Without
// session storage there is no guard against a reload loop: the error shows.
let router: ReturnType<typeof createAppRouter> | null = null;
const reloadGuard = sessionStorageOrNull();
if (reloadGuard) {
  reloadOnStaleChunks(
    window,
    () => {
      const opening = router?.state.navigation.location;
      if (opening) window.location.assign(opening.pathname + opening.search + opening.hash);
      else window.location.reload();
    },
    reloadGuard,
  );
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // Storage refused (some private modes).
  }
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Failed to find the root element');

// A public page arrives prerendered (scripts/prerender.ts): the browser
// hydrates that HTML instead of painting the page a second time.
const isPrerendered = rootElement.hasChildNodes();
if (isPrerendered) {
  // A task boundary between evaluating the app's modules and fetching and
  // evaluating the page's: one long task became two shorter ones (Total
  // Blocking Time counts each task's part over 50 ms).
  await new Promise((resolve) => setTimeout(resolve, 0));
  await loadMatchedRoutes(window.location.pathname);
}
// The driver app reopened in a dead zone shows the last known jobs: the kept
// answers go back in the cache before the first render (loaded only there).
if (/^\/driver(\/|$)/.test(window.location.pathname)) {
  const { restoreDriverCache } = await import('./features/drivers/offline/persist-driver-cache');
  await restoreDriverCache(queryClient);
}
router = createAppRouter();
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
// Hydrating in a transition lets React yield to the browser every few
// milliseconds: at the default priority the whole page hydrated in one task
// (about 330 ms on this machine, over a second under Lighthouse's 4x CPU
// slowdown), all of it Total Blocking Time. The prerendered HTML stays on
// screen meanwhile, and its controls are disabled until hydrated (HydrationGate).
if (isPrerendered) {
  markHydrating();
  startTransition(() => void hydrateRoot(rootElement, app));
} else createRoot(rootElement).render(app);
