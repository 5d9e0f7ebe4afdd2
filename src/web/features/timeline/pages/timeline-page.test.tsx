import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineEntry, TimelineResponse } from '../../../../domain/timeline';
import { jsonResponse, signedInAs, signedOut, stubApi } from '../../../test/api-stub';
import { FakeEventSource, stubEventSource } from '../../../test/fake-event-source';
import { renderApp } from '../../../test/render-app';
import { TIMELINE_LIVE_DELAY, withNewestPage } from '../api/get-timeline';

const BOOKING = {
  id: '11111111-1111-4111-8111-111111111111',
  reference: 'ABC234',
  pickupTime: '2030-01-15T02:00:00.000Z',
  pickupLocation: 'Perth Airport T1',
  dropoffLocation: 'Crown Towers Perth',
  passengerName: 'Harriet Quinn',
  phone: '+61412345678',
};
const DEE = { id: '22222222-2222-4222-8222-222222222222', name: 'Dee Driver' };

let sequence = 0;
function entry(overrides: Partial<TimelineEntry>): TimelineEntry {
  sequence += 1;
  return {
    id: `event:${String(sequence).padStart(19, '0')}`,
    occurredAt: '2030-01-15T01:00:00.000Z',
    kind: 'created',
    fromStatus: null,
    toStatus: null,
    detail: null,
    booking: BOOKING,
    driver: null,
    actor: null,
    ...overrides,
  };
}

function page(entries: TimelineEntry[], nextCursor: string | null = null): TimelineResponse {
  return { entries, nextCursor };
}

beforeEach(() => {
  stubEventSource();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Timeline', { timeout: 15_000 }, () => {
  it("says what each kind means: a decline's reason, a flag, a shift, a suspension, who did it", async () => {
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
      'GET /api/timeline': () =>
        jsonResponse(
          200,
          page([
            entry({
              kind: 'declined',
              detail: 'Car broke down',
              driver: DEE,
              actor: { id: 'u2', name: 'Dee Driver' },
            }),
            entry({ kind: 'flagged', detail: 'Not accepted within 10 min', driver: DEE }),
            entry({
              id: 'shift-started:33333333-3333-4333-8333-333333333333',
              kind: 'shift-started',
              booking: null,
              detail: '1ABC234',
              driver: DEE,
              actor: { id: 'u2', name: 'Dee Driver' },
            }),
            entry({
              id: 'suspended:44444444-4444-4444-8444-444444444444',
              kind: 'suspended',
              booking: null,
              detail: 'Expired: Driver licence',
              driver: DEE,
            }),
          ]),
        ),
    });
    renderApp(['/timeline']);
    const declined = await screen.findByRole('article', { name: 'Declined #ABC234' });
    expect(within(declined).getByText('Dee Driver declined, reason: Car broke down')).toBeVisible();
    expect(within(declined).getByText(/by Dee Driver/)).toBeVisible();
    const flagged = screen.getByRole('article', { name: 'Flagged #ABC234' });
    expect(within(flagged).getByText('Not accepted within 10 min')).toBeVisible();
    expect(within(flagged).getByText(/by the system/)).toBeVisible();
    const shift = screen.getByRole('article', { name: 'Shift started Dee Driver' });
    expect(within(shift).getByText('Dee Driver in 1ABC234')).toBeVisible();
    expect(within(shift).queryByRole('link')).toBeNull();
    const suspended = screen.getByRole('article', { name: 'Suspended Dee Driver' });
    expect(within(suspended).getByText('Dee Driver, Expired: Driver licence')).toBeVisible();
  });

  it('asks the server for the kinds chosen in the Type filter', async () => {
    const fetch = stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
      'GET /api/timeline': () => jsonResponse(200, page([])),
    });
    const { user, router } = renderApp(['/timeline']);
    await screen.findByText('Nothing happened that matches these filters.');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    await user.click(screen.getByRole('option', { name: 'Shift ended' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?type=${encodeURIComponent('declined,shift-ended')}`,
      ),
    );
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([input]) =>
          String(input).includes(`type=${encodeURIComponent('declined,shift-ended')}`),
        ),
      ).toBe(true),
    );
  });

  it('puts new entries on top from one fetch of the newest page after a burst of live events', async () => {
    const older = entry({ kind: 'assigned', driver: DEE, occurredAt: '2030-01-15T00:00:00.000Z' });
    const newest = entry({ kind: 'created' });
    const arrived = entry({ kind: 'cancelled', detail: 'Flight cancelled' });
    let isAfterChange = false;
    const fetch = stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
      'GET /api/timeline': ({ url }) =>
        url.searchParams.get('before') === 'cursor-1'
          ? jsonResponse(200, page([older]))
          : jsonResponse(200, page(isAfterChange ? [arrived, newest] : [newest], 'cursor-1')),
    });
    const { user } = renderApp(['/timeline']);
    await screen.findByRole('article', { name: 'Created #ABC234' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Assigned #ABC234' });
    const timelineCalls = () =>
      fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/timeline'));
    const before = timelineCalls().length;

    isAfterChange = true;
    const booking = { id: BOOKING.id };
    act(() => {
      for (let index = 0; index < 5; index += 1) {
        FakeEventSource.emitAll({ type: 'booking.updated', booking });
      }
    });
    expect(
      await screen.findByRole(
        'article',
        { name: 'Cancelled #ABC234' },
        { timeout: TIMELINE_LIVE_DELAY.delay + 4000 },
      ),
    ).toBeInTheDocument();
    const after = timelineCalls().slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toContain('before=');
    // The older page loaded on scroll is still there, below.
    const names = screen
      .getAllByRole('article')
      .map((article) => article.getAttribute('aria-label'));
    expect(names).toEqual(['Cancelled #ABC234', 'Created #ABC234', 'Assigned #ABC234']);
  });

  it("refreshes when a driver's status changes, not on their position reports", async () => {
    const fetch = stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
      'GET /api/timeline': () => jsonResponse(200, page([entry({})])),
    });
    renderApp(['/timeline']);
    await screen.findByRole('article', { name: 'Created #ABC234' });
    const timelineCalls = () =>
      fetch.mock.calls.filter(([input]) => String(input).includes('/timeline')).length;
    const driver = { id: DEE.id, status: 'active' };
    act(() => FakeEventSource.emitAll({ type: 'driver.updated', driver }));
    await waitFor(() => expect(timelineCalls()).toBe(2), { timeout: 4000 });
    act(() => FakeEventSource.emitAll({ type: 'driver.updated', driver }));
    await new Promise((resolve) => setTimeout(resolve, TIMELINE_LIVE_DELAY.delay + 300));
    expect(timelineCalls()).toBe(2);
    act(() =>
      FakeEventSource.emitAll({ type: 'driver.updated', driver: { ...driver, status: 'offline' } }),
    );
    await waitFor(() => expect(timelineCalls()).toBe(3), { timeout: 4000 });
  });

  it('says so when its session ended, and stops listening', async () => {
    let me = signedInAs('dispatcher');
    stubApi({
      'GET /api/me': (request) => me(request),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
      'GET /api/timeline': () => jsonResponse(200, page([entry({})])),
    });
    renderApp(['/timeline']);
    await screen.findByRole('article', { name: 'Created #ABC234' });
    me = signedOut;

    act(() => FakeEventSource.instances[0]!.refuse());

    expect(await screen.findByRole('alert', { name: 'You are signed out' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Created #ABC234' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});

describe('withNewestPage', () => {
  const a = entry({});
  const b = entry({});
  const c = entry({});
  const loaded = { pages: [page([b], 'x'), page([c])], pageParams: [null, 'x'] };

  it('puts the entries not shown on top and keeps the older pages', () => {
    expect(withNewestPage(loaded, page([a, b], 'y'))).toEqual({
      pages: [page([a, b], 'x'), page([c])],
      pageParams: [null, 'x'],
    });
  });

  it('starts again from the fresh page when more happened than it holds', () => {
    expect(withNewestPage(loaded, page([a], 'y'))).toEqual({
      pages: [page([a], 'y')],
      pageParams: [null],
    });
  });

  it('leaves the pages as they are when nothing is new', () => {
    expect(withNewestPage(loaded, page([b], 'x'))).toBe(loaded);
  });
});
