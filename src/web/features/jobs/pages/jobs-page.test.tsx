import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Driver } from '../../../../domain/drivers/api';
import type { Job, JobsResponse } from '../../../../domain/jobs';
import { deferred, jsonResponse, signedInAs, signedOut, stubApi } from '../../../test/api-stub';
import { testBooking } from '../../../test/booking-fixtures';
import { FakeEventSource, stubEventSource } from '../../../test/fake-event-source';
import { renderApp } from '../../../test/render-app';

const JOB: Job = {
  ...testBooking({
    id: '11111111-1111-4111-8111-111111111111',
    reference: 'ABC234',
    pickupTime: '2030-01-15T02:00:00.000Z',
    pickupLocation: 'Perth Airport T1',
    dropoffLocation: 'Crown Towers Perth',
    pickupLat: null,
    pickupLng: null,
    dropoffLat: null,
    dropoffLng: null,
    fareAmount: 84.5,
    passengerName: 'Harriet Quinn',
    phone: '+61412345678',
    vehicleType: 'Multivan 6',
    source: 'online',
    createdAt: '2030-01-14T02:00:00.000Z',
    updatedAt: '2030-01-14T02:00:00.000Z',
  }),
  attention: ['unassigned-soon'],
};
const DONE: Job = {
  ...JOB,
  id: '22222222-2222-4222-8222-222222222222',
  reference: 'DEF567',
  status: 'completed',
  attention: [],
};

function answer(jobs: Job[]): JobsResponse {
  return {
    jobs,
    total: jobs.length,
    nextCursor: null,
    previousCursor: null,
    range: { from: '2030-01-15', to: '2030-01-22' },
    counts: {
      all: 2,
      attention: 1,
      byStatus: {
        pending: 1,
        assigned: 0,
        'en-route': 0,
        arrived: 0,
        'on-board': 0,
        completed: 1,
        cancelled: 0,
        'no-show': 0,
      },
    },
  };
}

beforeEach(() => {
  stubEventSource();
});
afterEach(() => vi.restoreAllMocks());

const jobsCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([input]) => String(input).includes('/api/jobs?')).length;

describe('Jobs Overview', { timeout: 15_000 }, () => {
  it("shows the spec's columns, status colours and live chip counts", async () => {
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': () => jsonResponse(200, answer([JOB, DONE])),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    renderApp(['/jobs']);
    const row = await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1)).toEqual([
      'Job Details',
      'Locations',
      'Passenger',
      'Status',
      'Driver',
      'Fare',
    ]);
    expect(within(row).getByText('Multivan 6 · online')).toBeInTheDocument();
    expect(within(row).getByText('Harriet Quinn')).toBeInTheDocument();
    expect(within(row).getByText('0412 345 678')).toBeInTheDocument();
    expect(within(row).getByText('$84.50')).toBeInTheDocument();
    expect(within(row).getByText('Unassigned')).toBeInTheDocument();
    expect(within(row).getByLabelText(/Needs attention/)).toBeInTheDocument();
    expect(within(row).getByText('pending').closest('.mantine-Badge-root')).toHaveStyle({
      '--badge-bg': 'var(--mantine-color-yellow-filled)',
    });
    expect(screen.getByRole('button', { name: /Needs attention\s*1/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /completed\s*1/ })).toBeInTheDocument();
  });

  it('says the chips count the chosen dates, where the Dispatch board counts every date from today on', async () => {
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': () => jsonResponse(200, answer([JOB, DONE])),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    const { unmount } = renderApp(['/jobs']);
    const pending = await screen.findByRole('button', { name: /^pending\s*1/ }, { timeout: 5000 });
    const scope =
      "Counts for Jan 15, 2030 to Jan 22, 2030. Dispatch's Pending bookings counts every date from today on.";
    expect(screen.getByText(scope)).toBeInTheDocument();
    expect(pending).toHaveAccessibleDescription(scope);
    expect(screen.getByRole('button', { name: /^All\s*2/ })).toHaveAccessibleDescription(scope);
    unmount();

    // Another filter narrows the counts too, and they say so.
    renderApp(['/jobs?driver=none']);
    expect(
      await screen.findByRole('button', { name: /^pending\s*1/ }, { timeout: 5000 }),
    ).toHaveAccessibleDescription(
      "Counts for Jan 15, 2030 to Jan 22, 2030, with the filters below. Dispatch's Pending bookings counts every date from today on.",
    );
  });

  it('offers Search, which looks at every date, when the words find nothing between these dates', async () => {
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': () => jsonResponse(200, answer([])),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    const { user, router } = renderApp(['/jobs?q=HFE926']);
    expect(await screen.findByText('No jobs match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Search all dates for “HFE926”' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=HFE926');
  });

  it('keeps the chosen filters in the URL and asks the server for them', async () => {
    const fetch = stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': () => jsonResponse(200, answer([JOB])),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    const { user, router } = renderApp(['/jobs?driver=none']);
    await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /^pending/ }));
    await waitFor(() => expect(router.state.location.search).toContain('status=pending'));
    expect(router.state.location.search).toContain('driver=none');
    const urls = fetch.mock.calls.map(([input]) => String(input));
    await waitFor(() =>
      expect(
        fetch.mock.calls
          .map(([input]) => String(input))
          .some((url) => url.includes('status=pending') && url.includes('driver=none')),
      ).toBe(true),
    );
    expect(urls.length).toBeGreaterThan(0);
  });

  it('sends the selected rows in one bulk request and shows each row’s result', async () => {
    const fetch = stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': () => jsonResponse(200, answer([JOB, DONE])),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
      'POST /api/jobs/bulk': () =>
        jsonResponse(200, {
          results: [
            { id: JOB.id, reference: 'ABC234', isDone: true, message: null },
            {
              id: DONE.id,
              reference: 'DEF567',
              isDone: false,
              message: 'A booking cannot go from completed to cancelled.',
            },
          ],
        }),
    });
    const { user } = renderApp(['/jobs']);
    await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select all jobs on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel jobs' }));
    await user.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Flight cancelled');
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel jobs' }));
    expect(await screen.findByText('1 of 2 done')).toBeInTheDocument();
    expect(screen.getByText(/#DEF567: not changed/)).toBeInTheDocument();
    const bulk = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(bulk).toHaveLength(1);
    expect(JSON.parse(String(bulk[0]![1]!.body))).toEqual({
      ids: [JOB.id, DONE.id],
      action: { type: 'cancel', reason: 'Flight cancelled' },
    });
  });

  it('bulk Assign marks who cannot work, with why, and does not offer them; the filter still lists everyone', async () => {
    const driver = (id: string, firstName: string, values: Partial<Driver>): Driver => ({
      id,
      userId: null,
      firstName,
      lastName: 'Stone',
      email: null,
      phone: null,
      rating: null,
      status: 'offline',
      availability: 'away',
      location: null,
      vehicle: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      paperProblems: [],
      ...values,
    });
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': () => jsonResponse(200, answer([JOB, DONE])),
      'GET /api/drivers': () =>
        jsonResponse(200, {
          drivers: [
            driver('d1', 'Sam', { paperProblems: ["Driver's licence is missing"] }),
            driver('d2', 'Sue', { status: 'suspended' }),
            driver('d3', 'Ann', {}),
          ],
        }),
    });
    const { user } = renderApp(['/jobs']);
    await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select all jobs on this page' }));
    await user.click(screen.getByRole('combobox', { name: 'Driver to assign' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ann Stone', 'Sam Stone (papers not in order)', 'Sue Stone (suspended)']);
    for (const name of ['Sam Stone (papers not in order)', 'Sue Stone (suspended)']) {
      expect(within(listbox).getByRole('option', { name })).toHaveAttribute(
        'data-combobox-disabled',
        'true',
      );
    }
    await user.click(within(listbox).getByRole('option', { name: 'Sue Stone (suspended)' }));
    expect(screen.getByRole('button', { name: 'Assign to driver' })).toBeDisabled();
  });

  it('changes a row live from the event stream, one refetch for a burst', async () => {
    let current = JOB;
    const fetch = stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': () => jsonResponse(200, answer([current])),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    renderApp(['/jobs']);
    const row = await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    expect(within(row).getByText('pending')).toBeInTheDocument();
    const before = jobsCalls(fetch);
    current = { ...JOB, status: 'assigned', attention: [] };
    act(() => {
      for (let index = 0; index < 3; index += 1) {
        FakeEventSource.emitAll({ type: 'booking.updated', booking: current });
      }
    });
    expect(
      await within(await screen.findByRole('row', { name: 'Job #ABC234' })).findByText('assigned'),
    ).toBeInTheDocument();
    expect(jobsCalls(fetch) - before).toBe(1);
  });

  it('says so when its session ended, and stops listening', async () => {
    let me = signedInAs('dispatcher');
    stubApi({
      'GET /api/me': (request) => me(request),
      'GET /api/jobs': () => jsonResponse(200, answer([JOB])),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    renderApp(['/jobs']);
    await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    me = signedOut;

    act(() => FakeEventSource.instances[0]!.refuse());

    expect(await screen.findByRole('alert', { name: 'You are signed out' })).toBeVisible();
    expect(screen.getByRole('row', { name: 'Job #ABC234' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('says why a returned or declined job needs attention, in its own words', async () => {
    const returned: Job = {
      ...JOB,
      returnedAt: '2030-01-14T03:00:00.000Z',
      returnedReason: 'Kate Anderson is on leave: Family wedding',
      attention: ['returned-to-dispatch'],
    };
    const declined: Job = {
      ...JOB,
      id: '33333333-3333-4333-8333-333333333333',
      reference: 'GHJ789',
      declinedAt: '2030-01-14T03:00:00.000Z',
      declinedReason: 'Car broke down',
      attention: ['unassigned-soon', 'driver-declined'],
    };
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': () => jsonResponse(200, answer([returned, declined])),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    renderApp(['/jobs']);
    const row = await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    expect(
      within(row).getByLabelText(
        'Needs attention: Returned to dispatch (Kate Anderson is on leave: Family wedding): needs a new driver',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: 'Job #GHJ789' })).getByLabelText(
        'Needs attention: No driver, pickup within 2 hours; Declined by the driver: “Car broke down”',
      ),
    ).toBeInTheDocument();
  });

  it("refetches when a driver's status changes (Needs attention), not on a position report", async () => {
    const fetch = stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': () => jsonResponse(200, answer([JOB])),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    renderApp(['/jobs']);
    await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    const before = jobsCalls(fetch);
    const driver = { id: 'd1', status: 'active' };
    act(() => FakeEventSource.emitAll({ type: 'driver.updated', driver }));
    await waitFor(() => expect(jobsCalls(fetch)).toBe(before + 1));
    // The same status again (a position report): nothing to refetch.
    act(() => FakeEventSource.emitAll({ type: 'driver.updated', driver }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(jobsCalls(fetch)).toBe(before + 1);
    act(() =>
      FakeEventSource.emitAll({ type: 'driver.updated', driver: { ...driver, status: 'offline' } }),
    );
    await waitFor(() => expect(jobsCalls(fetch)).toBe(before + 2));
  });

  it('clears the selection when the filters or the page change', async () => {
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': () => jsonResponse(200, answer([JOB, DONE])),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    const { user } = renderApp(['/jobs']);
    await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select job #ABC234' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^completed/ }));
    await waitFor(() => expect(screen.queryByText('1 selected')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Select job #ABC234' })).not.toBeChecked();
  });

  it('pages forward and back by the cursors the server gave, keeping the page in the URL', async () => {
    const NEXT = '2030-01-15T02:00:00.000000Z~11111111-1111-4111-8111-111111111111';
    const PREVIOUS = `b~2030-01-16T02:00:00.000000Z~${DONE.id}`;
    const fetch = stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': ({ url }) => {
        const cursor = url.searchParams.get('cursor');
        // 120 jobs: the first page (JOB), then the second (DONE); Previous from it
        // reads the first page again.
        return jsonResponse(
          200,
          cursor === NEXT
            ? { ...answer([DONE]), total: 120, nextCursor: 'c3', previousCursor: PREVIOUS }
            : { ...answer([JOB]), total: 120, nextCursor: NEXT, previousCursor: null },
        );
      },
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    const { user, router } = renderApp(['/jobs?sort=fare&dir=desc']);
    await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    expect(screen.getByText('1–1 of 120 jobs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select job #ABC234' }));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('row', { name: 'Job #DEF567' });
    expect(screen.getByText('51–51 of 120 jobs')).toBeInTheDocument();
    expect(screen.queryByText('1 selected')).toBeNull();
    const asked = new URL(
      String(
        fetch.mock.calls.map(([input]) => String(input)).findLast((u) => u.includes('/api/jobs?')),
      ),
      'http://localhost',
    );
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      sort: 'fare',
      dir: 'desc',
      limit: '50',
      cursor: NEXT,
    });
    const shown = new URLSearchParams(router.state.location.search);
    expect(shown.get('cursor')).toBe(NEXT);
    expect(shown.get('page')).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByRole('row', { name: 'Job #ABC234' });
    expect(screen.getByText('1–1 of 120 jobs')).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('cursor');

    // A filter starts again at the first page.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('row', { name: 'Job #DEF567' });
    await user.click(screen.getByRole('button', { name: /^pending/ }));
    await screen.findByRole('row', { name: 'Job #ABC234' });
    expect(router.state.location.search).not.toContain('cursor');
    expect(router.state.location.search).not.toContain('page=');
  });

  it('keeps the shown rows’ numbers while the next page loads', async () => {
    const SECOND = '2030-01-14T02:00:00.000000Z~11111111-1111-4111-8111-111111111111';
    const THIRD = '2030-01-15T02:00:00.000000Z~22222222-2222-4222-8222-222222222222';
    const held = deferred<Response>();
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': ({ url }) =>
        url.searchParams.get('cursor') === THIRD
          ? held.promise
          : jsonResponse(200, {
              ...answer([DONE]),
              total: 120,
              nextCursor: THIRD,
              previousCursor: `b~${SECOND}`,
            }),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    const { user } = renderApp([`/jobs?page=2&cursor=${encodeURIComponent(SECOND)}`]);
    await screen.findByRole('row', { name: 'Job #DEF567' }, { timeout: 5000 });
    expect(screen.getByText('51–51 of 120 jobs')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByText('51–51 of 120 jobs')).toBeInTheDocument();
    held.resolve(jsonResponse(200, { ...answer([JOB]), total: 120, previousCursor: `b~${THIRD}` }));
    await screen.findByRole('row', { name: 'Job #ABC234' });
    expect(screen.getByText('101–101 of 120 jobs')).toBeInTheDocument();
  });

  it('opens the page a shared link names, and shows the first page as 1 when nothing lies before it', async () => {
    const CURSOR = `b~2030-01-16T02:00:00.000000Z~${DONE.id}`;
    stubApi({
      'GET /api/me': signedInAs('dispatcher'),
      'GET /api/jobs': ({ url }) =>
        jsonResponse(
          200,
          url.searchParams.get('cursor') === CURSOR
            ? { ...answer([JOB]), total: 120, nextCursor: 'c2', previousCursor: null }
            : answer([]),
        ),
      'GET /api/drivers': () => jsonResponse(200, { drivers: [] }),
    });
    renderApp([`/jobs?page=4&cursor=${encodeURIComponent(CURSOR)}`]);
    await screen.findByRole('row', { name: 'Job #ABC234' }, { timeout: 5000 });
    expect(screen.getByText('1–1 of 120 jobs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });
});
