import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { signedOut, stubApi } from './api-stub';
import { renderApp } from './render-app';

/**
 * How many times the overlays' module (the notifications container and the
 * modals provider) was loaded: a test file counts it from its
 * `vi.mock('./route-overlays', ...)` factory.
 */
export const overlayLoads = { count: 0 };

/** /login, rendered and settled, with no overlay loaded yet. */
export async function renderLoginPageWithoutOverlays() {
  stubApi({ 'GET /api/me': signedOut });
  renderApp(['/login']);
  await screen.findByRole('button', { name: 'Sign in' });
  // The page is rendered and its effects ran: nothing asked for an overlay yet.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(overlayLoads.count).toBe(0);
  expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
}
