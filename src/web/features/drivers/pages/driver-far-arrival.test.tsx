import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { driverHome, fakeGeolocation, TEST_JOB, TEST_SHIFT } from '../../../test/driver-fixtures';
import { TEST_SETTINGS } from '../../../test/public-api-stub';
import { renderApp } from '../../../test/render-app';
import { clearTapQueue } from '../offline/tap-queue';

const PICKUP = { lat: -31.9403, lng: 115.9669 };
const EN_ROUTE = {
  ...TEST_JOB,
  status: 'en-route',
  acknowledgedAt: '2026-03-02T00:00:00.000Z',
  pickupLat: PICKUP.lat,
  pickupLng: PICKUP.lng,
};
const QUESTION =
  "You are 10.0 km from the pickup. Arrived starts the passenger's no-show wait: mark it only once you are there.";

/** On shift with EN_ROUTE; records the statuses the phone sends. */
function stubOnShift() {
  const statuses: string[] = [];
  stubApi({
    'GET /api/me': signedInAs('driver'),
    'GET /api/drivers/me/home': () => jsonResponse(200, driverHome({ shift: TEST_SHIFT })),
    'GET /api/public-settings': () =>
      jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
    'GET /api/drivers/me/jobs': () =>
      jsonResponse(200, { current: EN_ROUTE, upcoming: [], noShowWaitMinutes: 10 }),
    'POST /api/drivers/me/location': () => jsonResponse(200, { driver: {} }),
    [`POST /api/bookings/${TEST_JOB.id}/status`]: ({ body }) => {
      statuses.push((body as { status: string }).status);
      return jsonResponse(200, { booking: { ...EN_ROUTE, status: 'arrived' } });
    },
  });
  return statuses;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearTapQueue();
});

describe('Arrived far from the pickup', { timeout: 30_000 }, () => {
  it('asks first, sends nothing on Not there yet, and sends Arrived once the driver says they are there', async () => {
    const gps = fakeGeolocation();
    const statuses = stubOnShift();
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await waitFor(() => expect(gps.geolocation.watchPosition).toHaveBeenCalled());
    // About 10 km west of the pickup (0.1059° of longitude at this latitude).
    await gps.read({ lat: PICKUP.lat, lng: PICKUP.lng - 0.1059 });

    await userEvent.click(within(card).getByRole('button', { name: 'Arrived' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you at the pickup?' });
    expect(dialog).toHaveTextContent(QUESTION);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not there yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statuses).toEqual([]);

    await userEvent.click(within(card).getByRole('button', { name: 'Arrived' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'I am there: Arrived',
      }),
    );
    await waitFor(() => expect(statuses).toEqual(['arrived']));
  });

  it('sends Arrived at once near the pickup', async () => {
    const gps = fakeGeolocation();
    const statuses = stubOnShift();
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await waitFor(() => expect(gps.geolocation.watchPosition).toHaveBeenCalled());
    await gps.read({ lat: PICKUP.lat + 0.002, lng: PICKUP.lng });

    await userEvent.click(within(card).getByRole('button', { name: 'Arrived' }));
    await waitFor(() => expect(statuses).toEqual(['arrived']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
