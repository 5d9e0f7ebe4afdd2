import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { TEST_SETTINGS } from '../../../test/public-api-stub';
import { driverHome as home, TEST_JOB, TEST_SHIFT as SHIFT } from '../../../test/driver-fixtures';

afterEach(() => vi.unstubAllGlobals());

// End Shift on the driver home: asked first during a job or before one, at once otherwise.
describe('End Shift', { timeout: 30_000 }, () => {
  it('asks before End Shift during a job in progress, naming the job; Keep shift open changes nothing', async () => {
    let onShift = true;
    const current = {
      ...TEST_JOB,
      status: 'arrived',
      pickupLocation: 'Crown Towers Perth',
      acknowledgedAt: '2026-03-02T00:00:00.000Z',
      arrivedAt: new Date().toISOString(),
    };
    const api = stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, home(onShift ? { shift: SHIFT } : {})),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current, upcoming: [], noShowWaitMinutes: 10 }),
      'POST /api/drivers/me/shift/end': () => {
        onShift = false;
        return jsonResponse(200, { shift: null, driver: home().driver });
      },
    });
    const ends = () => api.mock.calls.filter(([url]) => String(url).endsWith('/shift/end'));
    renderApp(['/driver']);
    await screen.findByRole('region', { name: 'Job in Progress' }, { timeout: 15_000 });

    await userEvent.click(screen.getByRole('button', { name: 'End Shift' }));
    let dialog = await screen.findByRole('dialog', { name: 'End your shift during this job?' });
    expect(within(dialog).getByText('Crown Towers Perth', { exact: false })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep shift open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ends()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'End Shift' }));
    dialog = await screen.findByRole('dialog', { name: 'End your shift during this job?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End Shift' }));
    expect(await screen.findByRole('button', { name: 'Start Shift' })).toBeVisible();
    expect(ends()).toHaveLength(1);
  });

  it("asks before End Shift with a job coming up, saying it stays the driver's", async () => {
    const soon = {
      ...TEST_JOB,
      pickupTime: new Date(Date.now() + 60 * 60_000).toISOString(),
      pickupLocation: 'Crown Towers Perth',
      acknowledgedAt: '2026-03-02T00:00:00.000Z',
    };
    const api = stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, home({ shift: SHIFT })),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: null, upcoming: [soon], noShowWaitMinutes: 10 }),
      'POST /api/drivers/me/shift/end': () =>
        jsonResponse(200, { shift: null, driver: home().driver }),
    });
    const ends = () => api.mock.calls.filter(([url]) => String(url).endsWith('/shift/end'));
    renderApp(['/driver']);
    await userEvent.click(
      await screen.findByRole('button', { name: 'End Shift' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End your shift before this job?' });
    // An hour ahead is tomorrow after 11 pm in Perth.
    expect(within(dialog).getByText(/^(Today|Tomorrow) · \d{1,2}:\d{2} [ap]m$/)).toBeVisible();
    expect(within(dialog).getByText('Crown Towers Perth', { exact: false })).toBeVisible();
    expect(dialog).toHaveTextContent(
      'The job stays yours: start a shift again before the pickup, or call dispatch if you cannot do it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep shift open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ends()).toEqual([]);
  });

  it('names the next job too when it asks during a job in progress', async () => {
    const current = { ...TEST_JOB, status: 'on-board', pickupTime: new Date().toISOString() };
    const next = {
      ...TEST_JOB,
      id: '55555555-5555-4555-8555-555555555555',
      reference: 'NEXT01',
      pickupTime: new Date(Date.now() + 2 * 60 * 60_000).toISOString(),
      pickupLocation: 'Fremantle Markets, Fremantle WA 6160',
    };
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, home({ shift: SHIFT })),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current, upcoming: [next], noShowWaitMinutes: 10 }),
    });
    renderApp(['/driver']);
    await screen.findByRole('region', { name: 'Job in Progress' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'End Shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'End your shift during this job?' });
    expect(dialog).toHaveTextContent(
      // The day is named only when it is not today: two hours ahead is tomorrow after 10 pm.
      /Job NEXT01 \((Tomorrow )?\d{1,2}:\d{2} [ap]m, Fremantle Markets\) stays yours too: start a shift before its pickup\./,
    );
  });

  it('ends the shift at one tap with no job in progress or coming up within 3 hours', async () => {
    const tomorrow = {
      ...TEST_JOB,
      pickupTime: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    };
    const api = stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, home({ shift: SHIFT })),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: null, upcoming: [tomorrow], noShowWaitMinutes: 10 }),
      'POST /api/drivers/me/shift/end': () =>
        jsonResponse(200, { shift: null, driver: home().driver }),
    });
    renderApp(['/driver']);
    await userEvent.click(
      await screen.findByRole('button', { name: 'End Shift' }, { timeout: 15_000 }),
    );
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url).endsWith('/shift/end'))).toBe(true),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
