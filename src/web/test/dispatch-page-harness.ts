import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { stubEventSource } from './fake-event-source';
import { renderApp } from './render-app';

/** The height every element reports: the virtual booking list renders rows into it. */
export const DISPATCH_VIEWPORT_PX = 800;

/**
 * The dispatch screen's test set-up, for a test file that renders /dispatch.
 * Call it at the file's top level. Each file still mocks the Leaflet map
 * itself (`vi.mock` applies only in the file that calls it).
 *
 * - Before the tests: the screen's lazy modules (the workspace, the
 *   notifications container, and any `preload` given) are loaded, since the
 *   first test to need one once waited more than 15 s under load; and jsdom,
 *   which lays nothing out, gives every element a height.
 * - Before each test: a fake live stream, no notices left up from the last
 *   test (the store outlives a render), and no New Booking draft kept from it
 *   (decision 90).
 */
export function setUpDispatchPage({
  preload = [],
}: { preload?: readonly (() => Promise<unknown>)[] } = {}): void {
  const originalClientHeight = Object.getOwnPropertyDescriptor(
    HTMLElement.prototype,
    'clientHeight',
  );
  beforeAll(async () => {
    await Promise.all([
      import('../features/dispatch/components/dispatch-workspace'),
      import('../app/route-overlays'),
      ...preload.map((load) => load()),
    ]);
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get: () => DISPATCH_VIEWPORT_PX,
    });
  }, 60_000);
  afterAll(() => {
    if (originalClientHeight) {
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', originalClientHeight);
    }
  });
  beforeEach(() => {
    stubEventSource();
    notifications.clean();
    sessionStorage.clear();
  });
}

/** Renders /dispatch and waits for the New Booking panel (seconds under load, the first time). */
export async function openDispatch() {
  const view = renderApp(['/dispatch']);
  await screen.findByRole('heading', { level: 2, name: 'New Booking' }, { timeout: 25_000 });
  return view;
}
