import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_SETTINGS } from '../../../test/public-api-stub';
import { deferred, errorResponse, jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { DRIVER_HOME_QUERY_KEY } from '../api/get-driver-home';
import { DRIVER_JOBS_QUERY_KEY } from '../api/get-driver-jobs';
import { clearTapQueue, readTapQueue } from '../offline/tap-queue';
import { driverHome, TEST_JOB, TEST_SHIFT } from '../../../test/driver-fixtures';

const JOB = { ...TEST_JOB, notes: 'Child seat needed' };

/** JOB once the driver, who accepted it, arrived at the pickup `minutesAgo`. */
function arrivedJob(minutesAgo: number, changes: Partial<typeof JOB> = {}) {
  return {
    ...JOB,
    status: 'arrived',
    acknowledgedAt: '2026-03-02T00:00:00.000Z',
    arrivedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...changes,
  };
}

const base = {
  'GET /api/me': signedInAs('driver'),
  // Off shift: the driver layout shares no position.
  'GET /api/drivers/me/home': () => jsonResponse(200, driverHome()),
  'GET /api/public-settings': () =>
    jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
};

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await clearTapQueue();
});

/** The jobs list holds JOB; its Accept gets `answer`. */
function stubAccept(answer: () => Response) {
  return stubApi({
    ...base,
    'GET /api/drivers/me/jobs': () =>
      jsonResponse(200, { current: null, upcoming: [JOB], noShowWaitMinutes: 10 }),
    [`POST /api/bookings/${JOB.id}/acknowledge`]: answer,
  });
}

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
        // As the server answers: the job accepted. An unaccepted answer would draw Accept again.
        return jsonResponse(200, { job: { ...JOB, acknowledgedAt: '2026-03-02T00:00:00.000Z' } });
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

    expect(within(card).getByText('assigned')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    // The card is read again on every try: once accepted it may be drawn anew.
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Job JOB001')).getByRole('button', { name: 'En route' }),
      ).toBeInTheDocument(),
    );
    // The badge says it too, as the dispatch board does (decision 193).
    expect(within(screen.getByLabelText('Job JOB001')).getByText('Accepted')).toBeInTheDocument();
    const [, init] = api.mock.calls.find(([url]) => String(url).endsWith('/acknowledge'))!;
    expect(JSON.parse(String(init!.body))).toHaveProperty('occurredAt');
    expect(new Headers(init!.headers).get('Idempotency-Key')).toMatch(/^acknowledge-/);
  });

  it('shows passengers, luggage, child seats, wheelchairs and assistance each on a line of its own', async () => {
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: null,
          upcoming: [
            {
              ...JOB,
              childSeats: 2,
              wheelchairPassengers: 1,
              assistanceNeeds: 'Walking frame, needs a hand in',
            },
          ],
          noShowWaitMinutes: 10,
        }),
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    const needs = within(card).getByRole('list', { name: 'Passengers and needs' });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2 passengers',
      '3 suitcases',
      '2 child seats',
      '1 wheelchair passenger',
      'Assistance: Walking frame, needs a hand in',
    ]);
  });

  it('leaves out the needs a job does not have', async () => {
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: null,
          upcoming: [{ ...JOB, numPassengers: 1, numSuitcases: 1 }],
          noShowWaitMinutes: 10,
        }),
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    const needs = within(card).getByRole('list', { name: 'Passengers and needs' });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 passenger', '1 suitcase']);
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
    const dialog = await screen.findByRole('dialog', { name: 'Decline this job' });
    // Which job: a driver may have several on screen.
    expect(within(dialog).getByText('Pat Passenger')).toBeInTheDocument();
    expect(within(dialog).getByText('Perth Airport T1')).toBeInTheDocument();
    // The reason is asked for before Decline can be pressed, and the field says why.
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toBeRequired();
    expect(reason).toHaveAccessibleDescription(
      'Needed to decline: dispatch reads it when the job comes back to them.',
    );
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeDisabled();
    await userEvent.type(reason, 'Flat tyre');
    // A double tap in one task: the dialog's button is still there while it closes.
    const decline = within(dialog).getByRole('button', { name: 'Decline' });
    decline.click();
    decline.click();
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url).endsWith('/decline'))).toBe(true),
    );
    const declines = api.mock.calls.filter(([url]) => String(url).endsWith('/decline'));
    expect(declines).toHaveLength(1);
    expect(JSON.parse(String(declines[0]![1]!.body))).toMatchObject({ reason: 'Flat tyre' });
    expect(await readTapQueue()).toMatchObject({ waiting: [], refused: [] });
  });

  it('asks before a no-show, naming the passenger, the pickup and the wait; Keep waiting sends nothing', async () => {
    const api = stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: arrivedJob(12.5),
          upcoming: [],
          noShowWaitMinutes: 10,
        }),
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'No-show' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this passenger as a no-show?' });
    expect(within(dialog).getByText('Pat Passenger')).toBeInTheDocument();
    expect(within(dialog).getByText('Perth Airport T1')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        /^You have waited 12 minutes since you arrived at \d{1,2}:\d\d [ap]m\.$/,
      ),
    ).toBeInTheDocument();
    expect(await readTapQueue()).toMatchObject({ waiting: [] });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep waiting' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.mock.calls.some(([url]) => String(url).endsWith('/status'))).toBe(false);
    expect(await readTapQueue()).toMatchObject({ waiting: [] });
    expect(within(card).getByText('arrived')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Passenger on board' })).toBeEnabled();
  });

  it('queues a confirmed no-show like any tap: without a connection it waits, and is sent once when back online', async () => {
    let isOnline = false;
    const sent: unknown[] = [];
    const arrived = arrivedJob(15);
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: sent.length > 0 ? null : arrived,
          upcoming: [],
          noShowWaitMinutes: 10,
        }),
      [`POST /api/bookings/${JOB.id}/status`]: ({ body }) => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        sent.push(body);
        return jsonResponse(200, { booking: { ...arrived, status: 'no-show' } });
      },
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'No-show' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this passenger as a no-show?' });
    // A double tap in one task: one no-show, not a second the server would refuse.
    const confirm = within(dialog).getByRole('button', { name: 'Mark no-show' });
    confirm.click();
    confirm.click();
    expect(await within(card).findByText('waiting to send')).toBeInTheDocument();
    expect(within(card).getByText('No-show')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const { waiting } = await readTapQueue();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ kind: 'status', status: 'no-show' });

    isOnline = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByLabelText('Job JOB001')).toBeNull());
    expect(sent).toEqual([{ status: 'no-show', occurredAt: waiting[0]!.occurredAt }]);
  });

  it('counts down before No-show is allowed at the pickup', async () => {
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: arrivedJob(4),
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

  it('holds En route until two hours before the pickup, saying when it opens (decision 103)', async () => {
    const accepted = { ...JOB, acknowledgedAt: '2026-03-02T00:00:00.000Z' };
    const soon = {
      ...accepted,
      id: '55555555-5555-4555-8555-555555555555',
      reference: 'JOB002',
      pickupTime: new Date(Date.now() + 90 * 60_000).toISOString(),
    };
    const tomorrow = {
      ...accepted,
      pickupTime: new Date(Date.now() + 26 * 3_600_000).toISOString(),
    };
    const api = stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: null, upcoming: [soon, tomorrow], noShowWaitMinutes: 10 }),
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    const early = within(card).getByRole('button', { name: 'En route' });
    expect(early).toBeDisabled();
    expect(
      within(card).getByText(
        /^Too early to set off: En route opens at \d{1,2}:\d\d [ap]m on \w+day, .+, 2 hours before the pickup\. To leave now, call dispatch: they can mark the job en route\.$/,
      ),
    ).toBeInTheDocument();
    await userEvent.click(early);
    expect(api.mock.calls.some(([url]) => String(url).endsWith('/status'))).toBe(false);
    expect(await readTapQueue()).toMatchObject({ waiting: [] });

    const soonCard = screen.getByLabelText('Job JOB002');
    expect(within(soonCard).getByRole('button', { name: 'En route' })).toBeEnabled();
    expect(within(soonCard).queryByText(/^Too early/)).toBeNull();
  });

  it('holds En route to the set-off window Settings → Dispatch saved, as the server does', async () => {
    const accepted = { ...JOB, acknowledgedAt: '2026-03-02T00:00:00.000Z' };
    const inFiveHours = {
      ...accepted,
      pickupTime: new Date(Date.now() + 5 * 3_600_000).toISOString(),
    };
    const inSevenHours = {
      ...accepted,
      id: '55555555-5555-4555-8555-555555555555',
      reference: 'JOB002',
      pickupTime: new Date(Date.now() + 7 * 3_600_000).toISOString(),
    };
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: null,
          upcoming: [inFiveHours, inSevenHours],
          noShowWaitMinutes: 10,
          setOffWindowMinutes: 360,
        }),
    });
    renderApp(['/driver/jobs']);
    // Five hours ahead: too early under the default 2 hours, open under the saved 6.
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    expect(within(card).getByRole('button', { name: 'En route' })).toBeEnabled();
    expect(within(card).queryByText(/^Too early/)).toBeNull();

    const later = screen.getByLabelText('Job JOB002');
    expect(within(later).getByRole('button', { name: 'En route' })).toBeDisabled();
    expect(
      within(later).getByText(
        /^Too early to set off: En route opens at .+, 6 hours before the pickup\. To leave now, call dispatch: they can mark the job en route\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('counts the no-show wait from the pickup time when the driver arrived early', async () => {
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: arrivedJob(15, { pickupTime: new Date(Date.now() + 30 * 60_000).toISOString() }),
          upcoming: [],
          noShowWaitMinutes: 10,
        }),
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    expect(within(card).getByRole('button', { name: 'Passenger on board' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'No-show' })).toBeDisabled();
    expect(
      within(card).getByText(
        /^Wait until 10 minutes after the pickup time before marking a no-show: (39|40) minutes left\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('keeps a tap made without a connection as waiting to send and sends it with its tap time when back online', async () => {
    let isOnline = false;
    let arrived = false;
    const sent: { body: unknown; key: string | null }[] = [];
    const current = { ...JOB, status: 'en-route', acknowledgedAt: '2026-03-02T00:00:00.000Z' };
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: { ...current, status: arrived ? 'arrived' : 'en-route' },
          upcoming: [],
          noShowWaitMinutes: 10,
        }),
      [`POST /api/bookings/${JOB.id}/status`]: ({ body, init }) => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        sent.push({ body, key: new Headers(init?.headers).get('Idempotency-Key') });
        arrived = true;
        return jsonResponse(200, { booking: { ...current, status: 'arrived' } });
      },
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    const tappedAt = Date.now();
    await userEvent.click(within(card).getByRole('button', { name: 'Arrived' }));
    expect(await within(card).findByText('waiting to send')).toBeInTheDocument();
    // The phone shows the job as the driver left it: the next step is offered already.
    expect(within(card).getByRole('button', { name: 'Passenger on board' })).toBeInTheDocument();
    expect(sent).toEqual([]);

    isOnline = true;
    const onlineAt = Date.now();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(within(card).queryByText('waiting to send')).toBeNull());
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as { status: string; occurredAt: string };
    expect(body.status).toBe('arrived');
    // The time of the tap, not of the resend.
    expect(Date.parse(body.occurredAt)).toBeGreaterThanOrEqual(tappedAt);
    expect(Date.parse(body.occurredAt)).toBeLessThanOrEqual(onlineAt);
    expect(sent[0]!.key).toMatch(/^status-/);
  });

  it('goes on from the answer to a sent tap, never back to the status the jobs were last read with', async () => {
    const accepted = { ...JOB, acknowledgedAt: '2026-03-02T00:00:00.000Z' };
    const jobsWith = (status: string) =>
      jsonResponse(200, {
        current: null,
        upcoming: [{ ...accepted, status }],
        noShowWaitMinutes: 10,
      });
    const statuses: string[] = [];
    let isAnswered = false;
    const slowReadStarted = deferred<void>();
    const readsMayEnd = deferred<void>();
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': async () => {
        if (statuses.length === 0) return jobsWith('assigned');
        // Reads during and after the tap are slow: they end when the test says,
        // with the status the server had when they started.
        const status = isAnswered ? 'en-route' : 'assigned';
        slowReadStarted.resolve();
        await readsMayEnd.promise;
        return jobsWith(status);
      },
      [`POST /api/bookings/${JOB.id}/status`]: async ({ body }) => {
        const { status } = body as { status: string };
        statuses.push(status);
        void view.queryClient.refetchQueries({ queryKey: DRIVER_JOBS_QUERY_KEY });
        await slowReadStarted.promise;
        isAnswered = true;
        return jsonResponse(200, { booking: { ...accepted, status } });
      },
    });
    const view = renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'En route' }));
    await waitFor(() => expect(statuses).toEqual(['en-route']));
    await waitFor(() => expect(within(card).queryByText('waiting to send')).toBeNull());
    // Only the answer can have moved the card on: every read since is still open.
    expect(within(card).getByRole('button', { name: 'Arrived' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'En route' })).toBeNull();
    // The read that started before the answer ends with the old status: it must not win.
    readsMayEnd.resolve();
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
    expect(within(card).getByRole('button', { name: 'Arrived' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'En route' })).toBeNull();
  });

  it('makes a started job the current one at the tap, in the same card, before the server answers', async () => {
    const accepted = { ...JOB, acknowledgedAt: '2026-03-02T00:00:00.000Z' };
    const later = {
      ...accepted,
      id: '55555555-5555-4555-8555-555555555555',
      reference: 'JOB002',
      pickupTime: '2026-03-02T04:30:00.000Z',
    };
    let isAnswered = false;
    const answer = deferred<void>();
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: isAnswered ? { ...accepted, status: 'en-route' } : null,
          upcoming: isAnswered ? [later] : [accepted, later],
          noShowWaitMinutes: 10,
        }),
      [`POST /api/bookings/${JOB.id}/status`]: async () => {
        await answer.promise;
        isAnswered = true;
        return jsonResponse(200, { booking: { ...accepted, status: 'en-route' } });
      },
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    const currentTitle = screen.getByRole('heading', { name: 'Current job' });
    const upcomingTitle = screen.getByRole('heading', { name: 'Upcoming' });
    const isBetween = (element: Element, first: Element, second: Element) =>
      Boolean(first.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      Boolean(element.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getByText('No job in progress.')).toBeInTheDocument();
    expect(isBetween(upcomingTitle, currentTitle, card)).toBe(true);

    await userEvent.click(within(card).getByRole('button', { name: 'En route' }));
    // At the tap, with the answer still to come: the same element, now under Current job.
    await waitFor(() => expect(screen.queryByText('No job in progress.')).toBeNull());
    expect(card.isConnected).toBe(true);
    expect(screen.getByLabelText('Job JOB001')).toBe(card);
    expect(isBetween(card, currentTitle, upcomingTitle)).toBe(true);
    const waitingRow = within(card).getByText('waiting to send');
    const nextStep = within(card).getByRole('button', { name: 'Arrived' });
    // The row goes when the answer comes: below the button, its going moves
    // nothing under the driver's thumb (above it, a tap on Arrived made as
    // the row went landed beside the button and was lost).
    expect(nextStep.compareDocumentPosition(waitingRow) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const laterCard = screen.getByLabelText('Job JOB002');
    expect(isBetween(upcomingTitle, card, laterCard)).toBe(true);

    // The answer and the jobs read after it agree: nothing moves again.
    answer.resolve();
    await waitFor(() => expect(within(card).queryByText('waiting to send')).toBeNull());
    await waitFor(() => expect(screen.getByLabelText('Job JOB001')).toBe(card));
    expect(isBetween(card, currentTitle, upcomingTitle)).toBe(true);
    expect(within(card).getByRole('button', { name: 'Arrived' })).toBeInTheDocument();
  });

  it('acknowledges a completed job where its card was, and holds the next job’s step a moment', async () => {
    const onBoard = { ...JOB, status: 'on-board', acknowledgedAt: '2026-03-02T00:00:00.000Z' };
    const later = {
      ...onBoard,
      id: '55555555-5555-4555-8555-555555555555',
      reference: 'JOB002',
      status: 'assigned',
      pickupTime: '2026-03-02T04:30:00.000Z',
    };
    let isCompleted = false;
    const sent: string[] = [];
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: isCompleted ? null : onBoard,
          upcoming: [later],
          noShowWaitMinutes: 10,
        }),
      [`POST /api/bookings/${JOB.id}/status`]: ({ body }) => {
        sent.push((body as { status: string }).status);
        isCompleted = true;
        return jsonResponse(200, { booking: { ...onBoard, status: 'completed' } });
      },
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'Completed' }));
    const statuses = () => screen.queryAllByRole('status').map((status) => status.textContent);
    await waitFor(() => expect(statuses()).toContain('Job JOB001 completed.'));
    expect(screen.queryByLabelText('Job JOB001')).toBeNull();
    // The next job's step, pinned where Completed was, waits and says why.
    const bar = within(screen.getByLabelText('Job JOB002')).getByRole('group', {
      name: 'Next step',
    });
    expect(within(bar).getByRole('button', { name: 'En route' })).toBeDisabled();
    expect(within(bar).getByText('Job JOB001 completed.')).toBeInTheDocument();
    await waitFor(
      () => expect(within(bar).getByRole('button', { name: 'En route' })).toBeEnabled(),
      { timeout: 5_000 },
    );
    await waitFor(() => expect(statuses()).not.toContain('Job JOB001 completed.'), {
      timeout: 8_000,
    });
    expect(sent).toEqual(['completed']);
  });

  it('shows every job in progress under Current job, a second one included', async () => {
    const onBoard = { ...JOB, status: 'on-board', acknowledgedAt: '2026-03-02T00:00:00.000Z' };
    const enRoute = {
      ...onBoard,
      id: '55555555-5555-4555-8555-555555555555',
      reference: 'JOB002',
      status: 'en-route',
    };
    stubApi({
      ...base,
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: onBoard, upcoming: [enRoute], noShowWaitMinutes: 10 }),
    });
    renderApp(['/driver/jobs']);
    const second = await screen.findByLabelText('Job JOB002', {}, { timeout: 15_000 });
    const first = screen.getByLabelText('Job JOB001');
    const upcomingTitle = screen.getByRole('heading', { name: 'Upcoming' });
    for (const card of [first, second]) {
      expect(
        card.compareDocumentPosition(upcomingTitle) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    expect(within(second).getByRole('button', { name: 'Arrived' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Completed' })).toBeInTheDocument();
    expect(screen.getByText('No upcoming jobs.')).toBeInTheDocument();
  });

  // jsdom draws nothing, so these hold the structure that keeps the button on
  // screen; the positions were measured in Chromium at 390 x 844 and 360 x 740.
  describe("pins the worked job's next step to the bottom of the screen (decision 117)", () => {
    const accepted = { ...JOB, acknowledgedAt: '2026-03-02T00:00:00.000Z' };
    const later = {
      ...accepted,
      id: '55555555-5555-4555-8555-555555555555',
      reference: 'JOB002',
      pickupTime: '2026-03-02T04:30:00.000Z',
    };
    const isPinned = (bar: HTMLElement) =>
      getComputedStyle(bar).position === 'sticky' && getComputedStyle(bar).bottom === '0px';

    it('pins the job in progress, not the upcoming one; No-show stays out of the pinned row', async () => {
      stubApi({
        ...base,
        'GET /api/drivers/me/jobs': () =>
          jsonResponse(200, {
            current: { ...accepted, status: 'arrived', arrivedAt: '2026-03-02T00:00:00.000Z' },
            upcoming: [later],
            noShowWaitMinutes: 10,
          }),
      });
      renderApp(['/driver/jobs']);
      const current = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
      const bar = within(current).getByRole('group', { name: 'Next step' });
      expect(within(bar).getByRole('button', { name: 'Passenger on board' })).toBeInTheDocument();
      expect(isPinned(bar)).toBe(true);
      // A card clips what overflows it: clipped, the row would not stick.
      expect(getComputedStyle(current).overflow).toBe('visible');
      // Final, and confirmed in a dialog: a scroll away, not beside the common tap.
      expect(within(bar).queryByRole('button', { name: 'No-show' })).toBeNull();
      expect(within(current).getByRole('button', { name: 'No-show' })).toBeInTheDocument();

      const upcoming = screen.getByLabelText('Job JOB002');
      const upcomingBar = within(upcoming).getByRole('group', { name: 'Next step' });
      expect(within(upcomingBar).getByRole('button', { name: 'En route' })).toBeInTheDocument();
      expect(isPinned(upcomingBar)).toBe(false);
    });

    it('with no job in progress, pins the next job, whose En route starts it, and no later one', async () => {
      stubApi({
        ...base,
        'GET /api/drivers/me/jobs': () =>
          jsonResponse(200, { current: null, upcoming: [accepted, later], noShowWaitMinutes: 10 }),
      });
      renderApp(['/driver/jobs']);
      const next = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
      const bar = within(next).getByRole('group', { name: 'Next step' });
      expect(within(bar).getByRole('button', { name: 'En route' })).toBeInTheDocument();
      expect(isPinned(bar)).toBe(true);
      const laterBar = within(screen.getByLabelText('Job JOB002')).getByRole('group', {
        name: 'Next step',
      });
      expect(isPinned(laterBar)).toBe(false);
    });
  });

  it('asks a driver off shift with jobs to start their shift, and a driver on shift not', async () => {
    stubAccept(() => jsonResponse(200, { job: JOB }));
    renderApp(['/driver/jobs']);
    const notice = await screen.findByText(
      'Dispatch cannot see where you are until you start your shift.',
      {},
      { timeout: 15_000 },
    );
    expect(screen.getByText('Off shift')).toBeInTheDocument();
    expect(
      within(notice.closest('.mantine-Alert-root')!).getByRole('link', { name: 'Start Shift' }),
    ).toHaveAttribute('href', '/driver');
  });

  it('says nothing of shifts to a driver on shift', async () => {
    stubApi({
      ...base,
      'GET /api/drivers/me/home': () => jsonResponse(200, driverHome({ shift: TEST_SHIFT })),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: null, upcoming: [JOB], noShowWaitMinutes: 10 }),
    });
    const view = renderApp(['/driver/jobs']);
    await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    // The shift is known (not merely still loading) and no notice shows.
    await waitFor(() =>
      expect(view.queryClient.getQueryData(DRIVER_HOME_QUERY_KEY)).toMatchObject({
        shift: TEST_SHIFT,
      }),
    );
    expect(screen.queryByText('Off shift')).toBeNull();
  });

  it('shows the reason when the server refuses a tap, until the driver dismisses it', async () => {
    stubAccept(() => errorResponse(409, 'CONFLICT', 'Cannot go from en-route to en-route'));
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Accept was not sent');
    expect(alert).toHaveTextContent('Cannot go from en-route to en-route');
    expect(within(card).queryByText('waiting to send')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(card).queryByRole('alert')).toBeNull());
  });

  it('shows a refused tap whose job has left the list under Not sent, naming the job, until dismissed', async () => {
    let isReassigned = false;
    stubApi({
      ...base,
      // Dispatch gave the job to another driver: it leaves this driver's list.
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, {
          current: null,
          upcoming: isReassigned ? [] : [JOB],
          noShowWaitMinutes: 10,
        }),
      [`POST /api/bookings/${JOB.id}/acknowledge`]: () => {
        isReassigned = true;
        return errorResponse(
          409,
          'CONFLICT',
          'This job is no longer yours: it was given to another driver',
        );
      },
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    const notSent = await screen.findByRole('region', { name: 'Not sent' });
    expect(screen.queryByLabelText('Job JOB001')).toBeNull();
    const alert = within(notSent).getByRole('alert');
    expect(alert).toHaveTextContent('Accept for JOB001 was not sent');
    expect(alert).toHaveTextContent('Pickup: Perth Airport T1');
    expect(alert).toHaveTextContent('This job is no longer yours: it was given to another driver');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Not sent' })).toBeNull());
  });

  it('tells the driver to sign in again when an ended session holds a tap back, and keeps the tap', async () => {
    stubAccept(() => errorResponse(401, 'UNAUTHENTICATED', 'Sign in first'));
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    const signedOut = await screen.findByRole('alert', { name: 'Signed out' });
    expect(signedOut).toHaveTextContent('Sign in again to send them.');
    expect(within(signedOut).getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(card).getByText('waiting to send')).toBeInTheDocument();
  });

  it("empties the tap queue at Sign Out: the next person on this phone never sends the previous driver's taps", async () => {
    let signedOut = false;
    stubApi({
      ...base,
      'GET /api/me': (request) =>
        signedOut
          ? errorResponse(401, 'UNAUTHENTICATED', 'Sign in first')
          : signedInAs('driver')(request),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: null, upcoming: [JOB], noShowWaitMinutes: 10 }),
      [`POST /api/bookings/${JOB.id}/acknowledge`]: () => {
        throw new TypeError('Failed to fetch');
      },
      'POST /api/auth/sign-out': () => {
        signedOut = true;
        return jsonResponse(200, { success: true });
      },
    });
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await within(card).findByText('waiting to send')).toBeInTheDocument();
    expect((await readTapQueue()).waiting).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(async () => expect((await readTapQueue()).waiting).toEqual([]));
  });
});
