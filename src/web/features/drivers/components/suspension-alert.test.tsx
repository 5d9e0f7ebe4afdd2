import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { TEST_SETTINGS } from '../../../test/public-api-stub';
import { driverHome, TEST_JOB } from '../../../test/driver-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('the suspended driver with a passenger on board', { timeout: 30_000 }, () => {
  it('is told to finish the ride on board, shown as the job in progress', async () => {
    const onBoard = { ...TEST_JOB, status: 'on-board', acknowledgedAt: TEST_JOB.createdAt };
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () =>
        jsonResponse(200, driverHome({ driver: { ...driverHome().driver, status: 'suspended' } })),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: onBoard, upcoming: [], noShowWaitMinutes: 10 }),
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
});
