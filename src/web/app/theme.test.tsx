import { Drawer, Modal, Notification } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

describe('the theme', () => {
  it("names every dialog's and drawer's close button (X) 'Close'", () => {
    render(
      <AppProviders env="test">
        <Modal opened onClose={() => {}} title="A dialog">
          Text
        </Modal>
        <Drawer opened onClose={() => {}} title="A drawer">
          Text
        </Drawer>
      </AppProviders>,
    );
    for (const name of ['A dialog', 'A drawer']) {
      const dialog = screen.getByRole('dialog', { name });
      expect(within(dialog).getByRole('button')).toHaveAccessibleName('Close');
    }
  });

  it('keeps a close button named by its dialog', () => {
    render(
      <AppProviders env="test">
        <Modal
          opened
          onClose={() => {}}
          title="A dialog"
          closeButtonProps={{ 'aria-label': 'Close the profile' }}
        >
          Text
        </Modal>
      </AppProviders>,
    );
    expect(screen.getByRole('button')).toHaveAccessibleName('Close the profile');
  });

  it("names every notification's close button (X) 'Close'", () => {
    render(
      <AppProviders env="test">
        <Notification title="Vehicle added">1ABC 234</Notification>
      </AppProviders>,
    );
    expect(screen.getByRole('button')).toHaveAccessibleName('Close');
  });
});
