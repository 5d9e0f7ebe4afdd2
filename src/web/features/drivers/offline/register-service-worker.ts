/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

let isRegistered = false;

/**
 * Installs the driver app's service worker (scripts/driver-pwa.ts): the app
 * shell for offline reopening and installation. Loaded lazily from the driver
 * pages only, so no public page carries this code.
 */
export function registerDriverServiceWorker(): void {
  if (isRegistered || !('serviceWorker' in navigator)) return;
  isRegistered = true;
  registerSW({ immediate: true });
}
