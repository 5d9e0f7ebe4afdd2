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
// modal-first case is in overlays-on-first-use.test.tsx).
describe('the overlays on a public page', () => {
  it('are not loaded with the page; the first notification loads them, then modals open too', async () => {
    await renderLoginPage();

    const { notifications } = await import('@mantine/notifications');
    notifications.show({ title: 'Saved', message: 'Your changes were saved' });
    expect(await screen.findByText('Your changes were saved')).toBeInTheDocument();
    expect(overlays.loads).toBe(1);

    const { modals } = await import('@mantine/modals');
    modals.openConfirmModal({
      title: 'Leave this page?',
      children: 'Your answers will be lost.',
      labels: { confirm: 'Leave', cancel: 'Stay' },
    });
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Stay' }).click();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
