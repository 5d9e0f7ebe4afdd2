import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import { fleetVehicle } from '../../../test/vehicle-fixtures';
import type { FleetVehicle } from '../../../../domain/vehicles';
import { VehicleForm } from './vehicle-form';

const STORED = fleetVehicle({
  id: 'v9',
  registration: '1OLD 009',
  make: 'Kia',
  model: 'Carnival',
  year: 2020,
  seats: 8,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderForm(
  vehicle: FleetVehicle | null = null,
  handlers: Parameters<typeof stubApi>[0] = {},
) {
  const fetchMock = stubApi({
    'POST /api/vehicles': ({ body }) =>
      jsonResponse(201, { vehicle: { id: 'v1', ...(body as object) } }),
    ...handlers,
  });
  render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <VehicleForm vehicle={vehicle} onDone={vi.fn()} onCancel={vi.fn()} />
    </AppProviders>,
  );
  const posts = () =>
    fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST' || init?.method === 'PATCH');
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
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vehicle Type' }), 'Multivan 6');
    const seats = screen.getByRole('textbox', { name: /^Seats/ });
    await user.clear(seats);
    await user.type(seats, '6');
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    await expect.poll(() => posts().length).toBe(1);
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toMatchObject({ year: 2021, seats: 6 });
  });

  it("refuses more seats than the type's passengers at the field, naming the larger type", async () => {
    const { user, posts } = renderForm();
    await fillRequired(user);
    const seats = screen.getByRole('textbox', { name: /^Seats/ });
    await user.clear(seats);
    await user.type(seats, '9');
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(seats).toHaveAccessibleDescription(
      /A Standard HUG seats at most 4 passengers; the larger types seat 6 \(Multivan 6\) and 7 \(Imax 7\)/,
    );
    expect(posts()).toEqual([]);
  });

  it('shows a stored vehicle its seats problem when it is saved', async () => {
    const { user, posts } = renderForm(STORED);
    await user.click(screen.getByRole('button', { name: 'Save Vehicle' }));
    expect(screen.getByRole('textbox', { name: /^Seats/ })).toHaveAccessibleDescription(
      /A Standard HUG seats at most 4 passengers/,
    );
    expect(posts()).toEqual([]);
  });

  it("offers the workshop status as 'At the workshop', saying what it means", () => {
    renderForm(STORED);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(screen.getByRole('option', { name: 'At the workshop' })).toHaveValue('in-service');
    expect(screen.queryByRole('option', { name: 'In service' })).not.toBeInTheDocument();
    expect(status).toHaveAccessibleDescription(/off the road for repairs/);
  });
});

describe('two admins editing one vehicle (decision 187)', () => {
  it('sends the version it opened, keeps the typing when another admin saved first, and Reload shows theirs', async () => {
    const opened = fleetVehicle({
      id: 'v8',
      registration: '1WRK 008',
      updatedAt: '2026-03-05T01:00:00.000Z',
    });
    const refusal =
      'This vehicle was changed by someone else at 9:42 am, after you opened it. Reload to see the change, then make yours again.';
    const theirs = { ...opened, status: 'in-service', updatedAt: '2026-03-05T01:42:00.000Z' };
    const { user, posts } = renderForm(opened, {
      'PATCH /api/vehicles/v8': () =>
        jsonResponse(409, { error: { code: 'changed_since', message: refusal } }),
      'GET /api/vehicles/v8': () => jsonResponse(200, { vehicle: theirs }),
    });

    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'New tyres');
    await user.click(screen.getByRole('button', { name: 'Save Vehicle' }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toMatchObject({
      status: 'active',
      notes: 'New tyres',
      expectedUpdatedAt: opened.updatedAt,
    });
    expect(notes).toHaveValue('New tyres');
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Reload' }));

    await expect
      .poll(() => screen.getByRole('combobox', { name: 'Status' }))
      .toHaveValue('in-service');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('');
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });
});

describe('VehicleForm focus', () => {
  it('takes the focus to the first field the server refused, not to the page, after an empty Add Vehicle', async () => {
    stubApi({
      'POST /api/vehicles': () =>
        jsonResponse(400, {
          error: {
            code: 'invalid_input',
            message: 'Check the vehicle',
            fields: { registration: 'Is required', make: 'Is required', model: 'Is required' },
          },
        }),
    });
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <VehicleForm vehicle={null} onDone={vi.fn()} onCancel={vi.fn()} />
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add Vehicle' }));

    const registration = screen.getByRole('textbox', { name: /Registration Plate/ });
    await expect.poll(() => registration.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => document.activeElement).toBe(registration);
  });
});
