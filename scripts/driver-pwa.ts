import { VitePWA } from 'vite-plugin-pwa';

/** The brand navy of the app theme (src/web/app/theme.ts, navy[9]), as in index.html's theme-color. */
const THEME_COLOR = '#122243';

/**
 * The driver app as an installable PWA (vite-plugin-pwa, Workbox generateSW).
 * The service worker's scope is /driver: only the driver's pages are
 * controlled by it, so the public pages (prerendered /calculator, /widget,
 * /book, /login) load exactly as before. It precaches the built app shell and
 * assets, answers /driver navigations offline with the app's index.html, and
 * never caches /api answers: the last known jobs are kept by the app itself
 * (src/web/features/drivers/offline/persist-driver-cache.ts). The page
 * registers the worker itself, from the driver pages only (injectRegister: false).
 */
export function driverPwa() {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    scope: '/driver',
    base: '/',
    includeAssets: ['favicon.svg', 'logo.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/driver',
      name: 'Perth Chauffeur Ops Driver',
      short_name: 'Driver',
      description: 'Shifts, jobs and earnings for Perth Chauffeur Ops drivers.',
      start_url: '/driver',
      scope: '/driver',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOR,
      background_color: THEME_COLOR,
      lang: 'en-AU',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // The prerendered public pages are served by the server at their own
      // paths, never from the driver's cache.
      globIgnores: ['prerendered/**'],
      navigateFallback: '/index.html',
      navigateFallbackAllowlist: [/^\/driver(\/|$)/],
      navigateFallbackDenylist: [/^\/api(\/|$)/],
      cleanupOutdatedCaches: true,
      // The whole app's chunks are precached (a driver page may open any of
      // them); the largest is well under this.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}
