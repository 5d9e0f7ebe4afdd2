import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DriverJob } from '../../../../domain/bookings/driver-jobs';
import { TEST_SETTINGS } from '../../../shared/testing/public-api-stub';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

const JOB: DriverJob = {
  id: '44444444-4444-4444-8444-444444444444',
  reference: 'JOB001',
  status: 'assigned',
  pickupTime: '2026-03-02T01:30:00.000Z',
  pickupLocation: 'Perth Airport T1',
  dropoffLocation: 'Cottesloe Beach',
  pickupLat: -31.94,
  pickupLng: 115.97,
  dropoffLat: null,
  dropoffLng: null,
  fareAmount: 85,
  passengerName: 'Pat Passenger',
  phone: '+61412000111',
  vehicleType: 'Standard HUG',
  numPassengers: 2,
  numSuitcases: 3,
  notes: 'Child seat needed',
  isShuttle: false,
  shuttleRunId: null,
  shuttleSequence: null,
  accountCode: null,
  source: 'dispatch',
  distanceMeters: null,
  durationSeconds: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  customer: null,
  driver: null,
  vehicle: null,
  acknowledgedAt: null,
  arrivedAt: null,
} as DriverJob;

const base = {
  'GET /api/me': signedInAs('driver'),
  'GET /api/public-settings': () =>
    jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the driver jobs screen', { timeout: 30_000 }, () => {
  it('shows the job with notes, contact links and Navigate; Accept sends the tap time once-only key', async () => {
    let accepted = false;
    const api = stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: null,
          upcoming: [{ ...JOB, acknowledgedAt: accepted ? '2026-03-02T00:00:00.000Z' : null }],
          noShowWaitMinutes: 10,
        }),
      [`POST /api/bookings/${JOB.id}/acknowledge`]: () => {
        accepted = true;
        return jsonResponse(200, { job: JOB });
      },
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    expect(within(card).getByText('Notes: Child seat needed')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:+61412000111',
    );
    expect(within(card).getByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      'sms:+61412000111',
    );
    expect(within(card).getByRole('link', { name: 'Navigate to pickup' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=-31.94,115.97',
    );
    await userEvent.selectOptions(within(card).getByLabelText('Navigation app'), 'waze');
    expect(within(card).getByRole('link', { name: 'Navigate to pickup' })).toHaveAttribute(
      'href',
      'https://waze.com/ul?ll=-31.94,115.97&navigate=yes',
    );
    expect(localStorage.getItem('driver.navigationApp')).toBe('waze');

    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await within(card).findByRole('button', { name: 'En route' })).toBeInTheDocument();
    const [, init] = api.mock.calls.find(([url]) => String(url).endsWith('/acknowledge'))!;
    expect(JSON.parse(String(init!.body))).toHaveProperty('occurredAt');
    expect(new Headers(init!.headers).get('Idempotency-Key')).toMatch(/^ack-/);
  });

  it('declines with a reason', async () => {
    const api = stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: null, upcoming: [JOB], noShowWaitMinutes: 10 }),
      [`POST /api/bookings/${JOB.id}/decline`]: () =>
        jsonResponse(200, { booking: { ...JOB, status: 'pending' } }),
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Flat tyre');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url).endsWith('/decline'))).toBe(true),
    );
    const [, init] = api.mock.calls.find(([url]) => String(url).endsWith('/decline'))!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ reason: 'Flat tyre' });
  });

  it('counts down before No-show is allowed at the pickup', async () => {
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: {
            ...JOB,
            status: 'arrived',
            acknowledgedAt: '2026-03-02T00:00:00.000Z',
            arrivedAt: new Date(Date.now() - 4 * 60_000).toISOString(),
          },
          upcoming: [],
          noShowWaitMinutes: 10,
        }),
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    expect(within(card).getByRole('button', { name: 'Passenger on board' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'No-show' })).toBeDisabled();
    expect(within(card).getByText(/6 minutes left\.$/)).toBeInTheDocument();
  });
});
