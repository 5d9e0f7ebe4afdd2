import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../domain/bookings/api';
import { TEST_SETTINGS } from '../../../test/public-api-stub';
import { jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { isNewAssignment } from '../hooks/use-new-job-alert';
import { driverHome, fakeGeolocation, TEST_JOB, TEST_SHIFT } from '../../../test/driver-fixtures';
import { resetAlertSound } from '../utils/alert-signal';
import { clearTapQueue } from '../offline/tap-queue';

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {}
  emit(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

/** Web Audio as far as a beep needs it; counts the tones started. */
class FakeAudioContext {
  static tones = 0;
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
      connect: (target: unknown) => target,
    };
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: { value: 0 },
      connect: (target: unknown) => target,
      start: () => {
        FakeAudioContext.tones += 1;
      },
      stop: () => {},
    };
  }
}

const NEW_JOB = {
  ...TEST_JOB,
  id: '55555555-5555-4555-8555-555555555555',
  reference: 'NEW001',
  pickupLocation: 'Fremantle Markets',
  dropoffLocation: 'Kings Park',
  driver: { id: 'd1', firstName: 'Dee', lastName: 'Driver', phone: null, rating: 4.8 },
  assignedAt: '2026-03-02T00:00:00.000Z',
  acknowledgementOverdueAt: null,
  declinedAt: null,
  returnedAt: null,
  declinedReason: null,
  returnedReason: null,
  fareSetByHand: false,
} as Booking;

function stubDriverApi(
  home = driverHome(),
  listed: () => unknown[] = () => [TEST_JOB],
  taps: Record<string, () => Response> = {},
) {
  return stubApi({
    ...taps,
    'GET /api/me': signedInAs('driver'),
    'GET /api/public-settings': () =>
      jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
    'GET /api/drivers/me/home': () => jsonResponse(200, home),
    'GET /api/drivers/me/jobs': () =>
      jsonResponse(200, { current: null, upcoming: listed(), noShowWaitMinutes: 10 }),
    'GET /api/drivers/me/history': () =>
      jsonResponse(200, { jobs: [], totals: { trips: 0, earnings: 0, noShows: 0 } }),
    'POST /api/drivers/me/location': () => jsonResponse(200, { driver: home.driver }),
  });
}

afterEach(async () => {
  await clearTapQueue();
  FakeEventSource.instances = [];
  FakeAudioContext.tones = 0;
  resetAlertSound();
  vi.unstubAllGlobals();
});

describe('the driver layout', { timeout: 30_000 }, () => {
  it('keeps sharing the position on /driver/jobs and after moving to /driver/history', async () => {
    const gps = fakeGeolocation();
    const api = stubDriverApi(driverHome({ shift: TEST_SHIFT }));
    const locations = () =>
      api.mock.calls.filter(([url]) => String(url).endsWith('/drivers/me/location'));
    const view = renderApp(['/driver/jobs']);
    expect(
      await screen.findByRole('heading', { name: 'My Jobs' }, { timeout: 15_000 }),
    ).toBeVisible();
    await waitFor(() => expect(gps.geolocation.watchPosition).toHaveBeenCalledTimes(1));

    await gps.read({ lat: -31.95, lng: 115.86 });
    await waitFor(() => expect(locations()).toHaveLength(1));
    expect(JSON.parse(String(locations()[0]![1]!.body))).toMatchObject({ lat: -31.95 });

    await view.router.navigate('/driver/history');
    expect(await screen.findByRole('heading', { name: 'Job History' })).toBeVisible();
    // The same watch goes on: not stopped, not started again.
    expect(gps.geolocation.clearWatch).not.toHaveBeenCalled();
    expect(gps.geolocation.watchPosition).toHaveBeenCalledTimes(1);
  });

  it('shares the position off shift while a passenger is aboard, and stops when the ride is over', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const gps = fakeGeolocation();
    // Suspended mid-ride: the shift ended, the ride on board is theirs to finish (decision 195).
    const suspended = driverHome();
    suspended.driver.status = 'suspended';
    let upcoming: unknown[] = [
      { ...TEST_JOB, status: 'on-board', acknowledgedAt: TEST_JOB.pickupTime },
    ];
    const api = stubDriverApi(suspended, () => upcoming);
    const locations = () =>
      api.mock.calls.filter(([url]) => String(url).endsWith('/drivers/me/location'));
    const jobReads = () => api.mock.calls.filter(([url]) => String(url).endsWith('/me/jobs'));
    renderApp(['/driver/jobs']);
    await waitFor(() => expect(gps.geolocation.watchPosition).toHaveBeenCalledTimes(1), {
      timeout: 15_000,
    });
    await gps.read({ lat: -31.95, lng: 115.86 });
    await waitFor(() => expect(locations()).toHaveLength(1));

    // The ride completed: the list has no passenger aboard, and the phone stops.
    upcoming = [];
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    const readsBefore = jobReads().length;
    FakeEventSource.instances.at(-1)!.onopen?.();
    await waitFor(() => expect(jobReads().length).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(gps.geolocation.clearWatch).toHaveBeenCalled());
  });

  it('announces a job dispatch gives the driver on the home screen, with a vibration and a beep', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    stubDriverApi();
    renderApp(['/driver']);
    expect(await screen.findByText('Welcome back', {}, { timeout: 15_000 })).toBeVisible();
    // The driver's first touch unlocks the page's audio.
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));

    FakeEventSource.instances.at(-1)!.emit({ type: 'booking.updated', booking: NEW_JOB });
    const alert = await screen.findByRole('alert', { name: 'New job assigned' });
    expect(alert).toHaveTextContent('Fremantle Markets → Kings Park');
    expect(within(alert).getByRole('link', { name: 'Open My Jobs' })).toHaveAttribute(
      'href',
      '/driver/jobs',
    );
    expect(vibrate).toHaveBeenCalledWith([200, 100, 200]);
    expect(FakeAudioContext.tones).toBe(2);

    // The same job again (e.g. its acknowledgement overdue) is no news.
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    FakeEventSource.instances.at(-1)!.emit({ type: 'booking.updated', booking: NEW_JOB });
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'New job assigned' })).toBeNull(),
    );
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it('announces a job given while the phone was between connections, once the list shows it', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const mine = { ...TEST_JOB, driver: NEW_JOB.driver };
    let upcoming: unknown[] = [mine];
    const api = stubDriverApi(driverHome(), () => upcoming);
    const jobReads = () => api.mock.calls.filter(([url]) => String(url).endsWith('/me/jobs'));
    renderApp(['/driver']);
    expect(await screen.findByText('Welcome back', {}, { timeout: 15_000 })).toBeVisible();
    await waitFor(() => expect(jobReads().length).toBeGreaterThan(0));
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    // A job of theirs not yet accepted was listed when the app opened: no news.
    expect(screen.queryByRole('alert', { name: 'New job assigned' })).toBeNull();

    // Dispatch assigns NEW_JOB while the connection is down; its event never comes.
    // Reconnecting reads the jobs again, and the list brings it.
    upcoming = [mine, { ...NEW_JOB, arrivedAt: null }];
    const readsBefore = jobReads().length;
    FakeEventSource.instances.at(-1)!.onopen?.();
    await waitFor(() => expect(jobReads().length).toBeGreaterThan(readsBefore));
    const alert = await screen.findByRole('alert', { name: 'New job assigned' });
    expect(alert).toHaveTextContent('Fremantle Markets → Kings Park');

    // Its late event, and the next reads of the list, announce it no more.
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    FakeEventSource.instances.at(-1)!.emit({ type: 'booking.updated', booking: NEW_JOB });
    FakeEventSource.instances.at(-1)!.onopen?.();
    await waitFor(() => expect(jobReads().length).toBeGreaterThan(readsBefore + 1));
    expect(screen.queryByRole('alert', { name: 'New job assigned' })).toBeNull();
  });
});

describe('the new-job banner', { timeout: 30_000 }, () => {
  const banner = () => screen.queryByRole('alert', { name: 'New job assigned' });

  /** /driver/jobs open; NEW_JOB assigned live and listed from then on; its taps answered by `taps`. */
  async function announceOnMyJobs(taps: Record<string, () => Response>) {
    vi.stubGlobal('EventSource', FakeEventSource);
    let upcoming: unknown[] = [TEST_JOB];
    stubDriverApi(driverHome(), () => upcoming, taps);
    renderApp(['/driver/jobs']);
    await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    upcoming = [TEST_JOB, { ...NEW_JOB, arrivedAt: null }];
    FakeEventSource.instances.at(-1)!.emit({ type: 'booking.updated', booking: NEW_JOB });
    await screen.findByRole('alert', { name: 'New job assigned' });
    return screen.findByLabelText('Job NEW001');
  }

  it('goes when the driver declines the job it announces', async () => {
    const card = await announceOnMyJobs({
      [`POST /api/bookings/${NEW_JOB.id}/decline`]: () =>
        jsonResponse(200, { booking: { ...NEW_JOB, status: 'pending', driver: null } }),
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this job' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Flat tyre');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByLabelText('Job NEW001')).toBeNull());
    expect(banner()).toBeNull();
  });

  it('goes at the Decline tap, even while the tap waits for a connection', async () => {
    const card = await announceOnMyJobs({
      [`POST /api/bookings/${NEW_JOB.id}/decline`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this job' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Flat tyre');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(card).findByText('waiting to send')).toBeVisible();
    expect(banner()).toBeNull();
  });

  it('goes when the driver accepts the job it announces', async () => {
    const card = await announceOnMyJobs({
      [`POST /api/bookings/${NEW_JOB.id}/acknowledge`]: () =>
        jsonResponse(200, {
          job: { ...NEW_JOB, arrivedAt: null, acknowledgedAt: NEW_JOB.assignedAt },
        }),
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(banner()).toBeNull());
  });

  it("takes the driver to the job's card on My Jobs", async () => {
    const scrollIntoView = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const card = await announceOnMyJobs({});
    const alert = screen.getByRole('alert', { name: 'New job assigned' });
    await userEvent.click(within(alert).getByRole('button', { name: 'Show job' }));
    expect(scrollIntoView.mock.contexts).toEqual([card]);
    expect(card).toHaveFocus();
    scrollIntoView.mockRestore();
  });

  it('goes when dispatch takes the job away: unassigned, cancelled or given to another driver', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    stubDriverApi();
    renderApp(['/driver']);
    expect(await screen.findByText('Welcome back', {}, { timeout: 15_000 })).toBeVisible();
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    const takenAway = [
      { ...NEW_JOB, status: 'pending', driver: null },
      { ...NEW_JOB, status: 'cancelled' },
      { ...NEW_JOB, driver: { ...NEW_JOB.driver!, id: 'd2', firstName: 'Other' } },
    ];
    for (const booking of takenAway) {
      FakeEventSource.instances.at(-1)!.emit({ type: 'booking.updated', booking: NEW_JOB });
      await screen.findByRole('alert', { name: 'New job assigned' });
      FakeEventSource.instances.at(-1)!.emit({ type: 'booking.updated', booking });
      await waitFor(() => expect(banner()).toBeNull());
    }
  });
});

describe('isNewAssignment', () => {
  const listed = new Set([TEST_JOB.id]);
  it('is a job given to this driver, not accepted and not yet listed on the phone', () => {
    expect(isNewAssignment(NEW_JOB, 'd1', listed)).toBe(true);
    expect(isNewAssignment(NEW_JOB, 'd1', null)).toBe(true);
  });

  it('is not a listed job, an accepted one, one moved on, or one given to another driver', () => {
    expect(isNewAssignment({ ...NEW_JOB, id: TEST_JOB.id }, 'd1', listed)).toBe(false);
    expect(isNewAssignment({ ...NEW_JOB, acknowledgedAt: NEW_JOB.assignedAt }, 'd1', listed)).toBe(
      false,
    );
    expect(isNewAssignment({ ...NEW_JOB, status: 'en-route' }, 'd1', listed)).toBe(false);
    expect(isNewAssignment(NEW_JOB, 'someone-else', listed)).toBe(false);
  });
});

describe('what dispatch did to a listed job', { timeout: 30_000 }, () => {
  const MINE = { ...TEST_JOB, driver: NEW_JOB.driver };
  /** The event of MINE as dispatch sees it: the driver's phone gets the whole booking. */
  const event = (changes: Partial<Booking>) => ({
    type: 'booking.updated',
    booking: { ...NEW_JOB, ...MINE, declinedAt: null, ...changes },
  });
  const notices = () =>
    screen.queryAllByRole('alert').filter((alert) => alert.closest('[aria-label="Notices"]'));

  /** /driver/jobs open with MINE listed; `listed` what the next reads bring. */
  async function openMyJobs(taps: Record<string, () => Response> = {}) {
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const listed = { jobs: [MINE] as unknown[] };
    stubDriverApi(driverHome(), () => listed.jobs, taps);
    renderApp(['/driver/jobs']);
    const card = await screen.findByLabelText('Job JOB001', {}, { timeout: 15_000 });
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
    // The first list is where the comparison starts: nothing is news.
    expect(notices()).toEqual([]);
    const emit = (data: unknown) => FakeEventSource.instances.at(-1)!.emit(data);
    return { card, listed, emit, vibrate };
  }

  it('says a job was cancelled, with the signal, until dismissed', async () => {
    const { listed, emit, vibrate } = await openMyJobs();
    listed.jobs = [];
    emit(event({ status: 'cancelled' }));
    const alert = await screen.findByRole('alert', { name: 'Job cancelled' });
    expect(alert).toHaveTextContent(
      'Job JOB001 (Monday, Mar 2, 2026 9:30 am, Perth Airport T1) was cancelled by dispatch.',
    );
    expect(screen.queryByLabelText('Job JOB001')).toBeNull();
    // Held under the header however far the driver has scrolled.
    expect(alert.closest('[aria-label="Notices"]')).toHaveStyle({ position: 'sticky' });
    expect(vibrate).toHaveBeenCalledWith([200, 100, 200]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(notices()).toEqual([]);
  });

  it('says a job was taken off the driver: unassigned, or given to another driver', async () => {
    const { listed, emit } = await openMyJobs();
    listed.jobs = [];
    emit(event({ status: 'pending', driver: null }));
    const alert = await screen.findByRole('alert', { name: 'Job taken off you' });
    expect(alert).toHaveTextContent(
      'Job JOB001 (Monday, Mar 2, 2026 9:30 am, Perth Airport T1) was taken off you by dispatch.',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));

    // Given back, then given to another driver.
    listed.jobs = [MINE];
    emit(event({}));
    await screen.findByLabelText('Job JOB001');
    listed.jobs = [];
    emit(event({ driver: { ...NEW_JOB.driver!, id: 'd2', firstName: 'Other' } }));
    expect(await screen.findByRole('alert', { name: 'Job taken off you' })).toHaveTextContent(
      'was taken off you by dispatch.',
    );
    expect(notices()).toHaveLength(1);
  });

  it('says the system handed a job back to dispatch, and why, not that dispatch took it', async () => {
    const { listed, emit } = await openMyJobs();
    listed.jobs = [];
    emit({
      ...event({
        status: 'pending',
        driver: null,
        returnedAt: '2026-03-01T00:00:00.000Z',
        returnedReason: "Expired: Driver's licence expired on Nov 28, 2026",
      }),
      actor: 'system',
    });
    const alert = await screen.findByRole('alert', { name: 'Job handed back to dispatch' });
    expect(alert).toHaveTextContent(
      "Job JOB001 (Monday, Mar 2, 2026 9:30 am, Perth Airport T1) was handed back to dispatch automatically because you were suspended (Driver's licence expired on Nov 28, 2026).",
    );
  });

  /** JOB001 (MINE) to JOB011, the driver's, an hour apart. */
  const ELEVEN = Array.from({ length: 11 }, (_, index) => ({
    ...MINE,
    // The first is MINE, listed when the screen opened.
    id: index === 0 ? MINE.id : `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    reference: `JOB${String(index + 1).padStart(3, '0')}`,
    pickupTime: new Date(Date.parse(MINE.pickupTime) + index * 3_600_000).toISOString(),
  }));
  const handedBack = (job: (typeof ELEVEN)[number]) => ({
    type: 'booking.updated',
    actor: 'system',
    booking: {
      ...NEW_JOB,
      ...job,
      status: 'pending',
      driver: null,
      declinedAt: null,
      returnedAt: '2026-03-01T00:00:00.000Z',
      returnedReason: "Expired: Driver's licence expired on Nov 28, 2026",
    },
  });

  it('tells of the jobs a suspension hands back in one notice, naming the first three', async () => {
    const { listed, emit } = await openMyJobs();
    listed.jobs = ELEVEN;
    FakeEventSource.instances.at(-1)!.onopen?.();
    await screen.findByLabelText('Job JOB011');
    // Read over two list reads: the burst still makes one notice.
    listed.jobs = ELEVEN.slice(4);
    for (const job of ELEVEN.slice(0, 4)) emit(handedBack(job));
    await screen.findByRole('alert', { name: 'Jobs handed back to dispatch' });
    listed.jobs = [];
    for (const job of ELEVEN.slice(4)) emit(handedBack(job));
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'Jobs handed back to dispatch' })).toHaveTextContent(
        "11 jobs were handed back to dispatch automatically because you were suspended (Driver's licence expired on Nov 28, 2026): JOB001 Monday, Mar 2, 2026 9:30 am, JOB002 Monday, Mar 2, 2026 10:30 am, JOB003 Monday, Mar 2, 2026 11:30 am and 8 more.",
      ),
    );
    expect(notices()).toHaveLength(1);
  });

  it('shows two notices and folds the rest behind one button, beside Dismiss all', async () => {
    const { listed, emit } = await openMyJobs();
    const [first, second, third] = ELEVEN;
    listed.jobs = [first, second, third];
    FakeEventSource.instances.at(-1)!.onopen?.();
    await screen.findByLabelText('Job JOB003');
    // Three notices, each for its own reason: cancelled, changed, taken off.
    listed.jobs = [{ ...second, numPassengers: 4 }, third];
    emit({
      ...handedBack(first!),
      actor: undefined,
      booking: { ...handedBack(first!).booking, status: 'cancelled' },
    });
    await screen.findByRole('alert', { name: 'Job cancelled' });
    await screen.findByRole('alert', { name: 'Job changed' });
    listed.jobs = [{ ...second, numPassengers: 4 }];
    emit(handedBack(third!));
    await screen.findByRole('alert', { name: 'Job handed back to dispatch' });
    // The two newest; the oldest read's second is folded.
    expect(screen.getByRole('alert', { name: 'Job handed back to dispatch' })).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Job cancelled' })).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Job changed' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show 1 more' }));
    expect(screen.getByRole('alert', { name: 'Job changed' })).toBeInTheDocument();
    // All: the new-job banner (JOB002 and JOB003 were listed anew) too.
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
    expect(notices()).toEqual([]);
  });

  it('lists what dispatch changed of a job: pickup time and place, dropoff, passengers', async () => {
    const { listed, emit } = await openMyJobs();
    listed.jobs = [
      {
        ...MINE,
        pickupTime: '2026-03-02T01:00:00.000Z',
        pickupLocation: 'Perth Airport T3',
        numPassengers: 3,
      },
    ];
    emit(event({ pickupTime: '2026-03-02T01:00:00.000Z', pickupLocation: 'Perth Airport T3' }));
    const alert = await screen.findByRole('alert', { name: 'Job changed' });
    expect(alert).toHaveTextContent(
      'Job JOB001 (Monday, Mar 2, 2026 9:30 am, Perth Airport T1) was changed: pickup time 9:30 am → 9:00 am; pickup Perth Airport T1 → Perth Airport T3; passengers 2 → 3.',
    );
  });

  it('says nothing of the driver’s own Accept', async () => {
    const accepted = { ...MINE, acknowledgedAt: '2026-03-02T00:00:00.000Z' };
    const { card, listed, emit } = await openMyJobs({
      [`POST /api/bookings/${MINE.id}/acknowledge`]: () => {
        listed.jobs = [accepted];
        return jsonResponse(200, { job: accepted });
      },
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    emit(event({ acknowledgedAt: accepted.acknowledgedAt }));
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Job JOB001')).getByRole('button', { name: 'En route' }),
      ).toBeInTheDocument(),
    );
    expect(notices()).toEqual([]);

    // Dispatch's change to the accepted job is news, and the only one.
    listed.jobs = [{ ...accepted, dropoffLocation: 'Kings Park' }];
    emit(event({ acknowledgedAt: accepted.acknowledgedAt, dropoffLocation: 'Kings Park' }));
    expect(await screen.findByRole('alert', { name: 'Job changed' })).toHaveTextContent(
      'was changed: dropoff Cottesloe Beach → Kings Park.',
    );
    expect(notices()).toHaveLength(1);
  });

  it('says nothing of the driver’s own Decline, sent or waiting for a connection', async () => {
    for (const online of [true, false]) {
      const declined = { ...NEW_JOB, ...MINE, status: 'pending', driver: null, declinedAt: 'x' };
      const { card, listed, emit } = await openMyJobs({
        [`POST /api/bookings/${MINE.id}/decline`]: () => {
          if (!online) throw new TypeError('Failed to fetch');
          listed.jobs = [];
          return jsonResponse(200, { booking: declined });
        },
      });
      await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
      const dialog = await screen.findByRole('dialog', { name: 'Decline this job' });
      await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Flat tyre');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
      if (online) {
        emit({ type: 'booking.updated', booking: declined });
        await waitFor(() => expect(screen.queryByLabelText('Job JOB001')).toBeNull());
        expect(notices()).toEqual([]);
        // Given back to them, then taken off by dispatch: that is news.
        listed.jobs = [MINE];
        emit(event({ assignedAt: new Date().toISOString() }));
        await screen.findByLabelText('Job JOB001');
        listed.jobs = [];
        emit(event({ status: 'pending', driver: null }));
        await screen.findByRole('alert', { name: 'Job taken off you' });
        expect(notices()).toHaveLength(1);
      } else {
        expect(await within(card).findByText('waiting to send')).toBeVisible();
        // Another read of the list while the tap waits changes nothing.
        FakeEventSource.instances.at(-1)!.onopen?.();
        expect(notices()).toEqual([]);
      }
      cleanup();
      await clearTapQueue();
    }
  });

  it('says a job left the list when the event that took it was missed', async () => {
    const { listed } = await openMyJobs();
    listed.jobs = [];
    FakeEventSource.instances.at(-1)!.onopen?.();
    expect(await screen.findByRole('alert', { name: 'Job no longer yours' })).toHaveTextContent(
      'Job JOB001 (Monday, Mar 2, 2026 9:30 am, Perth Airport T1) is no longer on your list: dispatch cancelled it or took it off you.',
    );
  });
});
