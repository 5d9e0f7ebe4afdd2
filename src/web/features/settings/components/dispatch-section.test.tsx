import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { stubApi } from '../../../test/api-stub';
import { savedAsSent, SETTINGS } from '../../../test/settings-fixtures';
import { DispatchSection } from './dispatch-section';

function renderSection() {
  const fetchMock = stubApi({
    'PUT /api/settings/dispatch': savedAsSent,
  });
  render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <DispatchSection settings={SETTINGS} />
    </AppProviders>,
  );
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
  return { user: userEvent.setup(), puts };
}

const FIELDS = [
  { label: 'Acknowledgement timeout (minutes)', least: 'Must be at least 1 minute' },
  { label: 'No-show waiting time (minutes)', least: 'Must be at least 1 minute' },
  { label: 'Earliest set-off before pickup (minutes)', least: 'Must be at least 30 minutes' },
];

describe('Settings → Dispatch', () => {
  describe.each(FIELDS)('$label', ({ label, least }) => {
    it.each([
      ['60.5', 'Enter whole minutes'],
      ['1.5', 'Enter whole minutes'],
      ['-45', least],
      ['1e3', 'Enter a number of minutes'],
    ])('keeps %s as typed and refuses it under the field: %s', async (typed, reason) => {
      const { user, puts } = renderSection();
      const field = screen.getByRole('textbox', { name: label });
      await user.clear(field);
      await user.type(field, typed);
      expect(field).toHaveValue(typed);

      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(field).toHaveAccessibleDescription(new RegExp(`^${reason}`));
      expect(field).toHaveValue(typed);
      expect(puts()).toEqual([]);
    });
  });

  it('names the unit once: the label says minutes, the reason does not start with it', async () => {
    const { user } = renderSection();
    const field = screen.getByRole('textbox', { name: 'Earliest set-off before pickup (minutes)' });
    await user.clear(field);
    await user.type(field, '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least 30 minutes')).toBeVisible();
    expect(screen.queryByText(/^Minutes:/)).toBeNull();
  });

  it('steps the set-off window by a quarter hour with the arrow keys, within its range', async () => {
    const { user } = renderSection();
    const field = screen.getByRole('textbox', { name: 'Earliest set-off before pickup (minutes)' });
    await user.click(field);
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveValue('135');
    await user.clear(field);
    await user.type(field, '40');
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveValue('30');
  });
});
