import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetVehicle } from '../../../../domain/vehicles/api';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import { rosterDriver } from '../../../test/driver-fixtures';
import { DriverForm } from './driver-form';

const DRIVER = rosterDriver({ lastName: 'Night' });

function vehicle(
  id: string,
  registration: string,
  drivers: Pick<FleetVehicle, 'drivenBy' | 'usualDrivers'> = { drivenBy: null, usualDrivers: [] },
) {
  return {
    id,
    registration,
    type: 'Standard HUG',
    make: 'Toyota',
    model: 'Camry',
    colour: 'White',
    year: 2022,
    seats: 4,
    isElectric: false,
    isWheelchairAccessible: false,
    status: 'active',
    notes: '',
    ...drivers,
    paperProblems: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  } satisfies FleetVehicle;
}

afterEach(() => vi.unstubAllGlobals());

function renderForm(driver: typeof DRIVER | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <DriverForm driver={driver} onDone={() => {}} onCancel={() => {}} />
    </AppProviders>,
  );
}

describe('the Add Driver form', () => {
  it('names every missing field on one submit, the email as required to invite, and sends nothing', async () => {
    const api = stubApi({
      'GET /api/vehicles': () => jsonResponse(200, { vehicles: [] }),
      'GET /api/users': () => jsonResponse(200, { users: [] }),
      'GET /api/drivers/roster': () => jsonResponse(200, { drivers: [] }),
    });
    renderForm(null);

    await userEvent.click(screen.getByRole('button', { name: 'Add Driver' }));

    expect(await screen.findByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription(
      'Is required',
    );
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveAccessibleDescription(
      'Is required',
    );
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      /^Enter a valid phone number/,
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Is required to invite the driver',
    );
    // The focus goes to the first field to fix, not left on Add Driver (decision 115).
    await expect
      .poll(() => document.activeElement)
      .toBe(screen.getByRole('textbox', { name: 'First Name' }));
    const sent = api.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(sent).toEqual([]);
  });
});

describe('the Edit Driver form', () => {
  it('names who drives a car now and whose usual car it is, and reads no accounts or roster', async () => {
    const dan = { id: 'd-day', name: 'Dan Day' };
    const eve = { id: 'd-eve', name: 'Eve Early' };
    const api = stubApi({
      'GET /api/vehicles': () =>
        jsonResponse(200, {
          vehicles: [
            // Dan is off shift: 1DAY 001 is his usual car, nobody is in it.
            vehicle('v1', '1DAY 001', { drivenBy: null, usualDrivers: [dan] }),
            vehicle('v2', '1FRE 002'),
            // Nina's own car names no one: she is the one being edited.
            vehicle('v3', '1NIN 003', {
              drivenBy: null,
              usualDrivers: [{ id: DRIVER.id, name: 'Nina Night' }],
            }),
            // Eve is on shift in Dan's other car.
            vehicle('v4', '1EVE 004', { drivenBy: eve, usualDrivers: [dan] }),
          ],
        }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders queryClient={queryClient} env="test">
        <DriverForm driver={DRIVER} onDone={() => {}} onCancel={() => {}} />
      </AppProviders>,
    );

    const current = screen.getByRole('combobox', { name: 'Current Vehicle' });
    expect(current).toHaveAccessibleDescription(
      'Their next shift starts in it unless they pick another.',
    );
    await userEvent.click(current);
    const listbox = await screen.findByRole('listbox');
    expect(
      await within(listbox).findByRole('option', {
        name: '1DAY 001 · Standard HUG · Toyota Camry · usual car of Dan Day',
      }),
    ).toBeInTheDocument();
    expect(
      within(listbox).getByRole('option', {
        name: '1EVE 004 · Standard HUG · Toyota Camry · now driven by Eve Early; usual car of Dan Day',
      }),
    ).toBeInTheDocument();
    expect(
      within(listbox).getByRole('option', { name: '1FRE 002 · Standard HUG · Toyota Camry' }),
    ).toBeInTheDocument();
    expect(
      within(listbox).getByRole('option', { name: '1NIN 003 · Standard HUG · Toyota Camry' }),
    ).toBeInTheDocument();

    const read = api.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(read).not.toContain('/api/users');
    expect(read).not.toContain('/api/drivers/roster');
  });
});

describe('two admins editing one driver (decision 187)', () => {
  it('sends the version it opened, keeps the typing when another admin saved first, and Reload shows theirs', async () => {
    const refusal =
      'This driver was changed by someone else at 9:42 am, after you opened it. Reload to see the change, then make yours again.';
    const theirs = { ...DRIVER, phone: '+61412999001', updatedAt: '2026-03-05T01:42:00.000Z' };
    const api = stubApi({
      'GET /api/vehicles': () => jsonResponse(200, { vehicles: [] }),
      [`PATCH /api/drivers/${DRIVER.id}/record`]: () =>
        jsonResponse(409, { error: { code: 'changed_since', message: refusal } }),
      [`GET /api/drivers/${DRIVER.id}/record`]: () => jsonResponse(200, { driver: theirs }),
    });
    renderForm(DRIVER);

    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await userEvent.type(notes, 'Prefers nights');
    await userEvent.click(screen.getByRole('button', { name: 'Save Driver' }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    const patches = api.mock.calls.filter(([, call]) => call?.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(JSON.parse(String(patches[0]?.[1]?.body))).toMatchObject({
      notes: 'Prefers nights',
      expectedUpdatedAt: DRIVER.updatedAt,
    });
    expect(notes).toHaveValue('Prefers nights');
    const notice = screen.getByRole('status');
    await userEvent.click(within(notice).getByRole('button', { name: 'Reload' }));

    await expect
      .poll(() => screen.getByRole('textbox', { name: 'Phone' }))
      .toHaveValue('+61412999001');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('');
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });
});
