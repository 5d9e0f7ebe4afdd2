import { DEFAULT_THEME, Drawer, luminance, Modal, Notification } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { cssVariablesResolver } from './theme';

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

  it('keeps the text colours axe found below 4.5:1 at WCAG AA, each in its own hue', () => {
    const light = cssVariablesResolver(DEFAULT_THEME).light;
    const contrast = (a: string, b: string) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (high + 0.05) / (low + 0.05);
    };
    const { colors } = DEFAULT_THEME;
    const pairs: [string, string, string][] = [
      ['dimmed on white', light['--mantine-color-dimmed']!, '#ffffff'],
      ['dimmed on gray.0', light['--mantine-color-dimmed']!, colors.gray[0]],
      ['dimmed on the alerts card', light['--mantine-color-dimmed']!, colors.yellow[0]],
      ['form error on white', light['--mantine-color-error']!, '#ffffff'],
      ['light green badge', light['--mantine-color-green-light-color']!, colors.green[1]],
      ['light yellow badge', light['--mantine-color-yellow-light-color']!, colors.yellow[1]],
      ['light orange badge', light['--mantine-color-orange-light-color']!, colors.orange[1]],
      ['light red badge', light['--mantine-color-red-light-color']!, colors.red[1]],
      ['white on a filled green badge', '#ffffff', light['--mantine-color-green-filled']!],
      ["the dashboard's teal change", light['--mantine-color-teal-text']!, '#ffffff'],
    ];
    for (const [what, text, background] of pairs) {
      expect({ what, ratio: contrast(text, background) >= 4.5 }).toEqual({ what, ratio: true });
    }
  });
});
