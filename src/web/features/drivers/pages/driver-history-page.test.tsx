import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_SETTINGS } from '../../../test/public-api-stub';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the driver history', { timeout: 30_000 }, () => {
  it('shows the period totals and jobs in en-AU dates and AUD, and asks again per period', async () => {
    const api = stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/history': () =>
        jsonResponse(200, {
          jobs: [
            {
              id: 'j1',
              reference: 'HIS001',
              pickupTime: '2026-03-02T01:30:00.000Z',
              pickupLocation: 'Perth Airport T1',
              dropoffLocation: 'Cottesloe Beach',
              passengerName: 'Pat Passenger',
              fareAmount: 1234.5,
              status: 'completed',
            },
            {
              id: 'j2',
              reference: 'HIS002',
              pickupTime: '2026-03-01T01:30:00.000Z',
              pickupLocation: 'Kings Park',
              dropoffLocation: 'Fremantle',
              passengerName: 'Nora Noshow',
              fareAmount: 80,
              status: 'no-show',
            },
          ],
          totals: { trips: 1, earnings: 1234.5, noShows: 1 },
        }),
    });
    renderApp(['/driver/history']);
    const card = await screen.findByLabelText('Job HIS001', {}, { timeout: 15_000 });
    expect(within(card).getByText('Mar 2, 2026, 9:30 am')).toBeInTheDocument();
    expect(within(card).getByText('Perth Airport T1 → Cottesloe Beach')).toBeInTheDocument();
    expect(screen.getAllByText('$1,234.50')).toHaveLength(2);
    // A no-show earns nothing (the totals leave it out): its fare is not shown as earned.
    const noShow = screen.getByLabelText('Job HIS002');
    expect(within(noShow).queryByText('$80.00')).not.toBeInTheDocument();
    expect(within(noShow).getByText('No fare earned')).toBeInTheDocument();
    await userEvent.click(screen.getByText('This week'));
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url).includes('period=week'))).toBe(true),
    );
  });

  it('asks for a date range once both days are picked', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-20T02:00:00.000Z'), toFake: ['Date'] });
    const api = stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () => jsonResponse(200, TEST_SETTINGS),
      'GET /api/drivers/me/history': () =>
        jsonResponse(200, { jobs: [], totals: { trips: 0, earnings: 0, noShows: 0 } }),
    });
    renderApp(['/driver/history']);
    await screen.findByText('No finished jobs in this period.', {}, { timeout: 15_000 });
    await userEvent.click(screen.getByText('Date range'));
    await userEvent.click(screen.getByRole('button', { name: 'Dates' }));
    await userEvent.click(await screen.findByRole('button', { name: '3 March 2026' }));
    await userEvent.click(screen.getByRole('button', { name: '10 March 2026' }));
    await waitFor(() =>
      expect(
        api.mock.calls.some(([url]) =>
          String(url).includes('period=range&from=2026-03-03&to=2026-03-10'),
        ),
      ).toBe(true),
    );
  });
});
