import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_TARGETS, type AdminDashboard } from '../../../../domain/admin';
import {
  DEFAULT_DOCUMENT_REQUIREMENTS,
  type DriverDocumentsResponse,
} from '../../../../domain/documents';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { testBooking } from '../../../test/booking-fixtures';
import { rosterDriver } from '../../../test/driver-fixtures';
import { renderApp } from '../../../test/render-app';
import { fleetVehicle } from '../../../test/vehicle-fixtures';

const DASHBOARD: AdminDashboard = {
  generatedAt: '2026-03-10T02:30:00.000Z',
  timeZone: 'Australia/Perth',
  activeDrivers: { value: 14, yesterday: 11 },
  todaysBookings: { value: 57, yesterday: 61 },
  revenueCents: { value: 312_550, yesterday: 312_550 },
  alertCount: 3,
  alerts: [
    {
      kind: 'unassigned-soon',
      message: 'Booking K7Q2MX for Pat Lee at 11:00 am has no driver yet.',
      href: '/admin?booking=b-k7q2mx',
      bookingId: 'b-k7q2mx',
    },
    {
      kind: 'driver-suspended',
      message: 'Carol Jones is suspended.',
      href: '/admin/drivers/d-carol#documents',
      driverId: 'd-carol',
    },
    {
      kind: 'document-expiring',
      message: "Dan Brown: Driver's licence expires on Mar 20, 2026.",
      href: '/admin/drivers/d-dan#documents',
      driverId: 'd-dan',
    },
  ],
};

const PENDING = testBooking({
  id: 'b-k7q2mx',
  reference: 'K7Q2MX',
  passengerName: 'Pat Lee',
  phone: '0412 345 678',
  pickupLocation: 'Perth Airport T1',
  dropoffLocation: 'Cottesloe Beach',
  pickupTime: '2026-03-10T03:00:00.000Z',
});

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
  isSuspended: false,
  overrideRefusal: null,
};

async function renderDashboard(dashboard: AdminDashboard = DASHBOARD, path = '/admin') {
  const fetchMock = stubApi({
    'GET /api/me': signedInAs('admin'),
    'GET /api/admin/dashboard': () => jsonResponse(200, dashboard),
    'GET /api/drivers': () => jsonResponse(200, { drivers: [DRIVER] }),
    [`GET /api/drivers/${DRIVER.id}/documents`]: () => jsonResponse(200, NO_DOCUMENTS),
    'GET /api/bookings/b-k7q2mx': () => jsonResponse(200, { booking: PENDING, events: [] }),
    'GET /api/vehicles': () => jsonResponse(200, { vehicles: [fleetVehicle()] }),
    'GET /api/vehicles/v2/documents': () =>
      jsonResponse(200, {
        requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
        documents: [],
        problems: [],
      }),
  });
  const view = renderApp([path]);
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
    await user.click(await screen.findByRole('button', { name: /^Alerts: 3/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Alerts' });
    expect(within(dialog).getByText(/Booking K7Q2MX for Pat Lee/)).toBeVisible();
    expect(within(dialog).getByText('Carol Jones is suspended.')).toBeVisible();
  });

  it('leads each alert, a link named by its message, to where it is dealt with', async () => {
    const { user } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: /^Alerts: 3/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Alerts' });
    expect(
      within(dialog).getByRole('link', {
        name: 'Booking K7Q2MX for Pat Lee at 11:00 am has no driver yet.',
      }),
    ).toHaveAttribute('href', '/admin?booking=b-k7q2mx');
    expect(within(dialog).getByRole('link', { name: 'Carol Jones is suspended.' })).toHaveAttribute(
      'href',
      '/admin/drivers/d-carol#documents',
    );
    expect(
      within(dialog).getByRole('link', {
        name: "Dan Brown: Driver's licence expires on Mar 20, 2026.",
      }),
    ).toHaveAttribute('href', '/admin/drivers/d-dan#documents');
  });

  it("folds a grouped alert's drivers under it, each leading to their profile", async () => {
    const { user } = await renderDashboard({
      ...DASHBOARD,
      alertCount: 1,
      alerts: [
        {
          kind: 'stale-position',
          message:
            '2 drivers on shift have sent no position for more than 2 min: Eve Adams and Bob Smith.',
          items: [
            {
              message: 'Eve Adams is on shift but has not shared a position.',
              href: '/admin/drivers/d-eve',
              driverId: 'd-eve',
            },
            {
              message: 'Bob Smith is on shift; last position 5 min ago.',
              href: '/admin/drivers/d-bob',
              driverId: 'd-bob',
            },
          ],
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: /^Alerts: 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Alerts' });
    expect(within(dialog).getByText(/^2 drivers on shift have sent no position/)).toBeVisible();
    expect(within(dialog).queryByRole('link', { name: /Eve Adams/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Show them' }));
    expect(
      within(dialog).getByRole('link', {
        name: 'Eve Adams is on shift but has not shared a position.',
      }),
    ).toHaveAttribute('href', '/admin/drivers/d-eve');
    expect(
      within(dialog).getByRole('link', { name: 'Bob Smith is on shift; last position 5 min ago.' }),
    ).toHaveAttribute('href', '/admin/drivers/d-bob');
    expect(within(dialog).getByRole('button', { name: 'Hide them' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it("opens a vehicle's documents from its document alert; Back returns to the dashboard", async () => {
    const { user, router } = await renderDashboard({
      ...DASHBOARD,
      alertCount: 1,
      alerts: [
        {
          kind: 'document-expiring',
          message: 'Vehicle 1NEW001: Registration expires on Mar 25, 2026.',
          href: ALERT_TARGETS.vehicleDocuments('v2'),
          vehicleId: 'v2',
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: /^Alerts: 1/ }));
    const alerts = await screen.findByRole('dialog', { name: 'Alerts' });
    await user.click(within(alerts).getByRole('link', { name: /^Vehicle 1NEW001/ }));
    const papers = await screen.findByRole(
      'dialog',
      { name: 'Documents: 1NEW001' },
      { timeout: 10_000 },
    );
    expect(await within(papers).findByRole('region', { name: 'Registration' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/vehicles');

    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  it('opens a booking from its alert by keyboard, in place of the list, and closes it again', async () => {
    const { user, router } = await renderDashboard();
    await user.click(await screen.findByRole('button', { name: /^Alerts: 3/ }));
    const alerts = await screen.findByRole('dialog', { name: 'Alerts' });
    const link = within(alerts).getByRole('link', { name: /^Booking K7Q2MX/ });
    link.focus();
    await user.keyboard('{Enter}');

    const booking = await screen.findByRole('dialog', { name: 'Booking K7Q2MX' });
    expect(router.state.location.search).toBe('?booking=b-k7q2mx');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alerts' })).toBeNull());
    expect(await within(booking).findByText('Perth Airport T1')).toBeVisible();
    expect(within(booking).getByText('Cottesloe Beach')).toBeVisible();
    expect(within(booking).getByText('Pat Lee')).toBeVisible();
    expect(within(booking).getByRole('link', { name: '0412 345 678' })).toHaveAttribute(
      'href',
      'tel:0412 345 678',
    );
    expect(within(booking).getByText('Not assigned')).toBeVisible();
    expect(within(booking).getByText('pending')).toBeVisible();

    await user.click(within(booking).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('says a booking it cannot find is not found', async () => {
    await renderDashboard(DASHBOARD, '/admin?booking=b-gone');
    const dialog = await screen.findByRole('dialog', { name: 'Booking' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not load the booking',
    );
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
