import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { overlayLoads, renderLoginPageWithoutOverlays } from '../test/overlay-loads';

vi.mock('./route-overlays', async (importOriginal) => {
  const { overlayLoads: loads } = await import('../test/overlay-loads');
  loads.count += 1;
  return importOriginal();
});

// One test per file: the first use happens once per module graph (the
// notification-first case is in route-providers.test.tsx).
describe('a modal asked for before the modals provider exists', () => {
  it('loads the overlays and opens once the provider listens, once; one closed meanwhile never shows', async () => {
    await renderLoginPageWithoutOverlays();

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
    expect(overlayLoads.count).toBe(1);
    // Caught, then sent again once the provider listens: one dialog, not two.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    screen.getByRole('button', { name: 'Stay' }).click();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
