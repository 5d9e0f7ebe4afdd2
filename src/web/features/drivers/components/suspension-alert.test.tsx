import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { TEST_SETTINGS } from '../../../test/public-api-stub';
import { driverHome, TEST_JOB } from '../../../test/driver-fixtures';

afterEach(() => vi.unstubAllGlobals());

const ON_BOARD = { ...TEST_JOB, status: 'on-board', acknowledgedAt: TEST_JOB.createdAt } as const;

describe('the suspended driver with a passenger on board', { timeout: 30_000 }, () => {
  it('is told to finish the ride on board, shown as the job in progress', async () => {
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () =>
        jsonResponse(200, driverHome({ driver: { ...driverHome().driver, status: 'suspended' } })),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: ON_BOARD, upcoming: [], noShowWaitMinutes: 10 }),
    });
    renderApp(['/driver']);
    const alert = await screen.findByRole(
      'alert',
      { name: /You are suspended/ },
      { timeout: 15_000 },
    );
    expect(
      await within(alert).findByText(
        'Finish the ride with your passenger on board: Completed still works.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Job in Progress' })).toBeVisible();
  });

  it('is not offered Start Shift on My Jobs, and Completed stays', async () => {
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () =>
        jsonResponse(200, driverHome({ driver: { ...driverHome().driver, status: 'suspended' } })),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: ON_BOARD, upcoming: [], noShowWaitMinutes: 10 }),
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    expect(within(card).getByRole('button', { name: 'Completed' })).toBeEnabled();
    expect(await screen.findByRole('status', { name: 'You are suspended' })).toHaveTextContent(
      'Finish the ride with your passenger on board: Completed still works.',
    );
    expect(screen.queryByText('Off shift')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start Shift' })).toBeNull();
  });
});
