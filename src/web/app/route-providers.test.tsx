import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { overlayLoads, renderLoginPageWithoutOverlays } from '../test/overlay-loads';

vi.mock('./route-overlays', async (importOriginal) => {
  const { overlayLoads: loads } = await import('../test/overlay-loads');
  loads.count += 1;
  return importOriginal();
});

// One test per file: the first use happens once per module graph (the
// modal-first case is in overlays-on-first-use.test.tsx).
describe('the overlays on a public page', () => {
  it('are not loaded with the page; the first notification loads them, then modals open too', async () => {
    await renderLoginPageWithoutOverlays();

    const { notifications } = await import('@mantine/notifications');
    notifications.show({ title: 'Saved', message: 'Your changes were saved' });
    expect(await screen.findByText('Your changes were saved')).toBeInTheDocument();
    expect(overlayLoads.count).toBe(1);

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
