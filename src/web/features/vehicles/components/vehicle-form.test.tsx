import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import { VehicleForm } from './vehicle-form';

function renderForm() {
  const fetchMock = stubApi({
    'POST /api/vehicles': ({ body }) =>
      jsonResponse(201, { vehicle: { id: 'v1', ...(body as object) } }),
  });
  render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <VehicleForm vehicle={null} onDone={vi.fn()} onCancel={vi.fn()} />
    </AppProviders>,
  );
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { user: userEvent.setup(), posts };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Registration Plate/ }), '1ABC234');
  await user.type(screen.getByRole('textbox', { name: /Make/ }), 'Toyota');
  await user.type(screen.getByRole('textbox', { name: /Model/ }), 'Camry');
}

describe('VehicleForm', () => {
  it.each([
    ['Seats', '1.2'],
    ['Seats', '-5'],
    ['Year', '201.9'],
    ['Year', '2e3'],
  ])(
    'keeps %s %s as typed and refuses it before sending, never reading it as another number',
    async (label, typed) => {
      const { user, posts } = renderForm();
      await fillRequired(user);
      const field = screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
      await user.clear(field);
      await user.type(field, typed);
      expect(field).toHaveValue(typed);

      await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
      expect(field).toHaveAccessibleDescription(/Must be/);
      expect(field).toHaveValue(typed);
      expect(posts()).toEqual([]);
    },
  );

  it('sends the whole numbers typed', async () => {
    const { user, posts } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: /^Year/ }), '2021');
    const seats = screen.getByRole('textbox', { name: /^Seats/ });
    await user.clear(seats);
    await user.type(seats, '5');
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    await expect.poll(() => posts().length).toBe(1);
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toMatchObject({ year: 2021, seats: 5 });
  });
});
