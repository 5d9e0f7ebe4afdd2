import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../../domain/admin';
import {
  DEFAULT_DOCUMENT_REQUIREMENTS,
  type DriverDocumentsResponse,
} from '../../../../domain/documents';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { rosterDriver } from '../../../test/driver-fixtures';
import { renderApp } from '../../../test/render-app';

const DASHBOARD: AdminDashboard = {
  generatedAt: '2026-03-10T02:30:00.000Z',
  timeZone: 'Australia/Perth',
  activeDrivers: { value: 14, yesterday: 11 },
  todaysBookings: { value: 57, yesterday: 61 },
  revenueCents: { value: 312_550, yesterday: 312_550 },
  alertCount: 2,
  alerts: [
    {
      kind: 'unassigned-soon',
      message: 'Booking K7Q2MX for Pat Lee at 11:00 am has no driver yet.',
    },
    { kind: 'driver-suspended', message: 'Carol Jones is suspended.' },
  ],
};

const DRIVER = rosterDriver();
const NO_DOCUMENTS: DriverDocumentsResponse = {
  requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
  documents: [],
  vehicle: null,
  compliance: {
    isCompliant: false,
    hasExpired: false,
    hasRejected: false,
    isOverridden: false,
    problems: [],
  },
  override: null,
};

async function renderDashboard(dashboard: AdminDashboard = DASHBOARD) {
  const fetchMock = stubApi({
    'GET /api/me': signedInAs('admin'),
    'GET /api/admin/dashboard': () => jsonResponse(200, dashboard),
    'GET /api/drivers': () => jsonResponse(200, { drivers: [DRIVER] }),
    [`GET /api/drivers/${DRIVER.id}/documents`]: () => jsonResponse(200, NO_DOCUMENTS),
  });
  const view = renderApp(['/admin']);
  // The page is a lazy module: the first load in a run takes a moment.
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 15_000 });
  return { ...view, fetchMock };
}

describe('admin dashboard', { timeout: 20_000 }, () => {
  it('shows the live figures with their change since yesterday', async () => {
    await renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    expect(await screen.findByText('14')).toBeVisible();
    expect(screen.getByText('+3 vs yesterday')).toBeVisible();
    expect(screen.getByText('57')).toBeVisible();
    expect(screen.getByText('-4 vs yesterday')).toBeVisible();
    expect(screen.getByText('$3,125.50')).toBeVisible();
    expect(screen.getByText('Same as yesterday')).toBeVisible();
    expect(screen.getByText(/^Last updated /)).toBeVisible();
  });

  it('lists the alerts when the Alerts card is opened', async () => {
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: /^Alerts: 2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Alerts' });
    expect(within(dialog).getByText(/Booking K7Q2MX for Pat Lee/)).toBeVisible();
    expect(within(dialog).getByText('Carol Jones is suspended.')).toBeVisible();
  });

  it('refetches the figures on refresh', async () => {
    const { user, fetchMock } = await renderDashboard();
    await screen.findByText('14');
    const calls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/admin/dashboard')).length;
    const before = calls();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await expect.poll(calls).toBe(before + 1);
  });

  it('has the nine tiles of the spec', async () => {
    await renderDashboard();
    for (const title of [
      'Customer Management',
      'Driver Management',
      'Booking Analytics',
      'Financial Overview',
      'Communication Center',
      'System Settings',
      'Access Control',
      'Data Import',
      'Document Center',
    ]) {
      expect(await screen.findByRole('heading', { level: 2, name: title })).toBeVisible();
    }
  });

  it('says an action not built yet is coming soon', async () => {
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Revenue Report' }));
    expect(await screen.findByText('This feature is coming soon!')).toBeVisible();
  });

  it('opens the Import Manager dialog with its two tabs', async () => {
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Import Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Manager' });
    expect(within(dialog).getByRole('tab', { name: 'Import Data' })).toBeVisible();
    expect(within(dialog).getByRole('tab', { name: 'Templates' })).toBeVisible();
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it("closes only Driver Documents' Upload on Escape, then Driver Documents on the next", async () => {
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Driver Documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Driver Documents' });
    await user.click(await within(dialog).findByPlaceholderText('Pick a driver'));
    await user.click(await screen.findByRole('option', { name: 'Nina New' }));
    const licence = await within(dialog).findByRole('region', { name: "Driver's licence" });
    await user.click(within(licence).getByRole('button', { name: 'Upload' }));
    await screen.findByRole('dialog', { name: "Upload Driver's licence" });

    await user.keyboard('{Escape}');
    await expect
      .poll(() => screen.queryByRole('dialog', { name: "Upload Driver's licence" }))
      .toBeNull();
    expect(screen.getByRole('dialog', { name: 'Driver Documents' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });
});
