import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedOut, stubApi } from '../test/api-stub';
import { renderApp } from '../test/render-app';

// Counts the loads of the overlays' module (the notifications container and
// the modals provider), which a public page must not fetch until first use.
const overlays = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./route-overlays', async (importOriginal) => {
  overlays.loads += 1;
  return importOriginal();
});

async function renderLoginPage() {
  stubApi({ 'GET /api/me': signedOut });
  renderApp(['/login']);
  await screen.findByRole('button', { name: 'Sign in' });
  // The page is rendered and its effects ran: nothing asked for an overlay yet.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(overlays.loads).toBe(0);
  expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
}

// One test per file: the first use happens once per module graph (the
// notification-first case is in route-providers.test.tsx).
describe('a modal asked for before the modals provider exists', () => {
  it('loads the overlays and opens once the provider listens, once; one closed meanwhile never shows', async () => {
    await renderLoginPage();

    const { modals } = await import('@mantine/modals');
    // Opened and closed before the provider arrived: never shown.
    const dropped = modals.openConfirmModal({
      title: 'Dropped',
      labels: { confirm: 'OK', cancel: 'No' },
    });
    modals.close(dropped);
    modals.openConfirmModal({
      title: 'Leave this page?',
      children: 'Your answers will be lost.',
      labels: { confirm: 'Leave', cancel: 'Stay' },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent('Your answers will be lost.');
    expect(overlays.loads).toBe(1);
    // Caught, then sent again once the provider listens: one dialog, not two.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    screen.getByRole('button', { name: 'Stay' }).click();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
