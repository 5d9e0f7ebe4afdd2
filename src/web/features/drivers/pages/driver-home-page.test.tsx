import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_DOCUMENT_REQUIREMENTS,
  type DriverDocumentsResponse,
} from '../../../../domain/documents';
import { errorResponse, jsonResponse, signedInAs, stubApi } from '../../../test/api-stub';
import { DRIVER_HOME_QUERY_KEY } from '../api/get-driver-home';
import { renderApp } from '../../../test/render-app';
import { TEST_SETTINGS } from '../../../test/public-api-stub';
import {
  driverHome,
  fakeGeolocation,
  TEST_JOB,
  TEST_SHIFT,
  TEST_VEHICLE,
} from '../../../test/driver-fixtures';

const home = driverHome;
const VEHICLE = TEST_VEHICLE;
const SHIFT = TEST_SHIFT;

afterEach(() => vi.unstubAllGlobals());

/** The driver's own documents answer, as GET /api/drivers/me/documents gives it. */
function myDocuments(problems: DriverDocumentsResponse['compliance']['problems']) {
  return {
    requirements: DEFAULT_DOCUMENT_REQUIREMENTS,
    documents: [],
    vehicle: null,
    compliance: {
      isCompliant: problems.length === 0,
      hasExpired: problems.some((problem) => problem.kind === 'expired'),
      hasRejected: false,
      isOverridden: false,
      problems,
    },
    override: null,
    isSuspended: false,
    overrideRefusal: null,
  } satisfies DriverDocumentsResponse;
}

const EXPIRED_LICENCE = {
  subject: 'driver',
  type: 'licence',
  kind: 'expired',
  message: "Driver's licence expired on Jan 1, 2026",
  detail: "Driver's licence expired on Jan 1, 2026",
  key: 'driver:licence',
  isOverridden: false,
} as const;

const suspendedHome = () => home({ driver: { ...home().driver, status: 'suspended' } });

describe('the driver home', { timeout: 30_000 }, () => {
  it("shows the spec's header and cards", async () => {
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, home()),
    });
    renderApp(['/driver']);
    expect(await screen.findByText('Welcome back', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Driver App' })).toBeInTheDocument();
    expect(screen.getByText('driver@demo.test')).toBeInTheDocument();
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByText('$135.50')).toBeInTheDocument();
    expect(screen.getByText('4.8 / 5')).toBeInTheDocument();
    expect(screen.getByText('Start your shift to share your location.')).toBeInTheDocument();
    expect(screen.getByText('Pickup: Perth Airport T1')).toBeInTheDocument();
    expect(screen.getByText('Fare: $85.00')).toBeInTheDocument();
    // The day, not only the time: the next job may be days away.
    expect(screen.getByText(/^Tomorrow · \d{1,2}:\d{2} [ap]m$/)).toBeInTheDocument();
  });

  it('says which suburb the last position sent is near, with its coordinates', async () => {
    const location = {
      lat: -31.94005,
      lng: 115.96748,
      updatedAt: new Date().toISOString(),
      isStale: false,
    };
    const api = stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () =>
        jsonResponse(200, home({ driver: { ...home().driver, location } })),
      'GET /api/localities/nearest': () =>
        jsonResponse(200, { locality: { label: 'Redcliffe WA 6104', distanceMeters: 1_200 } }),
    });
    renderApp(['/driver']);
    expect(
      await screen.findByText('Near Redcliffe WA 6104', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('-31.94005, 115.96748')).toBeInTheDocument();
    // Asked once, for the point rounded to about 100 m.
    const asked = api.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/api/localities/nearest'));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('lat=-31.94&lng=115.967');
  });

  it('shows the job in progress above the next booking, with a way to My Jobs', async () => {
    const enRoute = {
      ...TEST_JOB,
      status: 'en-route',
      pickupLocation: 'Crown Towers Perth',
      acknowledgedAt: '2026-03-02T00:00:00.000Z',
    };
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, home({ shift: SHIFT })),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: enRoute, upcoming: [], noShowWaitMinutes: 10 }),
    });
    renderApp(['/driver']);
    const card = await screen.findByRole(
      'region',
      { name: 'Job in Progress' },
      { timeout: 15_000 },
    );
    expect(within(card).getByText('Pickup: Crown Towers Perth')).toBeInTheDocument();
    expect(within(card).getByText('en-route')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open My Jobs' })).toHaveAttribute(
      'href',
      '/driver/jobs',
    );
    // The Next Booking card stays the next job not yet started.
    expect(screen.getByText('Pickup: Perth Airport T1')).toBeInTheDocument();
  });

  it.each([
    { acknowledgedAt: null, asks: true },
    { acknowledgedAt: '2026-03-02T00:00:00.000Z', asks: false },
  ])(
    'says the Next Booking waits for Accept only while it does (accepted at $acknowledgedAt)',
    async ({ acknowledgedAt, asks }) => {
      const next = home().nextBooking!;
      const job = { ...TEST_JOB, id: next.id, reference: next.reference, acknowledgedAt };
      const api = stubApi({
        'GET /api/me': signedInAs('driver'),
        'GET /api/public-settings': () =>
          jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
        'GET /api/drivers/me/home': () => jsonResponse(200, home({ shift: SHIFT })),
        'GET /api/drivers/me/jobs': () =>
          jsonResponse(200, { current: null, upcoming: [job], noShowWaitMinutes: 10 }),
      });
      renderApp(['/driver']);
      const card = (
        await screen.findByRole('heading', { name: 'Next Booking' }, { timeout: 15_000 })
      ).closest('.mantine-Card-root') as HTMLElement;
      const waiting = 'Not accepted yet: dispatch is waiting for your Accept.';
      if (asks) {
        expect(await within(card).findByText(waiting)).toBeVisible();
        expect(within(card).getByRole('link', { name: 'Accept in My Jobs' })).toHaveAttribute(
          'href',
          '/driver/jobs',
        );
      } else {
        // Once the jobs are read (the first case shows the words by then), nothing asks.
        await waitFor(() =>
          expect(api.mock.calls.some(([url]) => String(url).endsWith('/me/jobs'))).toBe(true),
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(within(card).queryByText(waiting)).toBeNull();
      }
    },
  );

  it('wraps a pasted link or a name without spaces inside the job cards rather than cutting it', async () => {
    const unbroken = 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft';
    const enRoute = { ...TEST_JOB, status: 'en-route', passengerName: unbroken };
    const next = { ...home().nextBooking!, passengerName: unbroken };
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () =>
        jsonResponse(200, home({ shift: SHIFT, nextBooking: next })),
      'GET /api/drivers/me/jobs': () =>
        jsonResponse(200, { current: enRoute, upcoming: [], noShowWaitMinutes: 10 }),
    });
    renderApp(['/driver']);
    await screen.findByRole('region', { name: 'Job in Progress' }, { timeout: 15_000 });
    // jsdom lays nothing out: the wrapping rule is what a 390 px phone needs (seen in Chromium).
    const lines = screen.getAllByText(`Passenger: ${unbroken}`);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.parentElement).toHaveStyle({ overflowWrap: 'anywhere' });
    }
  });

  it('starts a shift in the default vehicle with the odometer, then offers End Shift', async () => {
    let onShift = false;
    const api = stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, home(onShift ? { shift: SHIFT } : {})),
      'POST /api/drivers/me/shift': () => {
        onShift = true;
        return jsonResponse(200, { shift: SHIFT, driver: home().driver });
      },
    });
    renderApp(['/driver']);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Start Shift' }, { timeout: 15_000 }),
    );
    const sheet = await screen.findByRole('dialog');
    // A sheet as tall as its fields: with Mantine's size="auto" it filled the screen.
    expect(sheet.style.height).toBe('auto');
    const odometer = within(sheet).getByLabelText(/Odometer/);
    // What was typed stays, and a reading that is not whole kilometres is
    // refused with nothing sent: '12345.6' was sent as 123456, '-5' as 5.
    for (const typed of ['12345.6', '-120345', '1e5', '12abc']) {
      await userEvent.clear(odometer);
      await userEvent.type(odometer, typed);
      expect(odometer).toHaveValue(typed);
      await userEvent.click(within(sheet).getByRole('button', { name: 'Start Shift' }));
      expect(
        await within(sheet).findByText('Enter whole kilometres, as the odometer shows them'),
      ).toBeVisible();
    }
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    await userEvent.clear(odometer);
    await userEvent.type(odometer, '120,345');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Start Shift' }));
    expect(await screen.findByRole('button', { name: 'End Shift' })).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    const call = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ vehicleId: VEHICLE.id, odometer: 120345 });
  });

  it('marks a vehicle another driver is on shift in, and does not offer it', async () => {
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () =>
        jsonResponse(
          200,
          home({
            vehicles: [
              { ...VEHICLE, inUseBy: null, paperProblems: [] },
              {
                ...VEHICLE,
                id: 'v-shared',
                registration: '1AVZ 454',
                inUseBy: 'Aiden Clarke',
                paperProblems: [],
              },
            ],
          }),
        ),
    });
    renderApp(['/driver']);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Start Shift' }, { timeout: 15_000 }),
    );
    const sheet = await screen.findByRole('dialog');
    const vehicle = within(sheet).getByRole('combobox', { name: 'Vehicle' });
    const taken = within(vehicle).getByRole('option', {
      name: /^1AVZ 454 — in use by Aiden Clarke · /,
    });
    expect(taken).toBeDisabled();
    // The phone's own picker: a native select, not a dropdown drawn over the sheet.
    expect(vehicle.tagName).toBe('SELECT');
  });

  it('marks a car whose papers keep it off the road; offered first, it says why, naming the car, and Start waits for another', async () => {
    const api = stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () =>
        jsonResponse(
          200,
          home({
            vehicles: [
              {
                ...VEHICLE,
                id: 'v-bare',
                registration: '1SWN 006',
                inUseBy: null,
                paperProblems: ['Registration is missing', 'PTV authorization is missing'],
              },
              { ...VEHICLE, inUseBy: null, paperProblems: [] },
            ],
            // The car the driver used last: its papers lapsed since.
            defaultVehicleId: 'v-bare',
          }),
        ),
      'POST /api/drivers/me/shift': () =>
        jsonResponse(200, { shift: SHIFT, driver: home().driver }),
    });
    renderApp(['/driver']);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Start Shift' }, { timeout: 15_000 }),
    );
    const sheet = await screen.findByRole('dialog');
    const vehicle = within(sheet).getByRole('combobox', { name: 'Vehicle' });
    expect(
      within(vehicle).getByRole('option', { name: /^1SWN 006 — papers not in order · / }),
    ).toBeDisabled();
    expect(
      within(sheet).getByText(
        '1SWN 006 cannot be driven until these documents are in order: Registration is missing; PTV authorization is missing.',
      ),
    ).toBeInTheDocument();
    const start = within(sheet).getByRole('button', { name: 'Start Shift' });
    expect(start).toBeDisabled();

    await userEvent.selectOptions(vehicle, VEHICLE.id);
    expect(within(sheet).queryByText(/cannot be driven/)).not.toBeInTheDocument();
    await userEvent.click(start);
    await waitFor(() =>
      expect(api.mock.calls.find(([, init]) => init?.method === 'POST')).toBeDefined(),
    );
    const call = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ vehicleId: VEHICLE.id });
  });

  it('shows why a driver may not start', async () => {
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, home()),
      'POST /api/drivers/me/shift': () =>
        errorResponse(
          409,
          'CONFLICT',
          'You are suspended and cannot start a shift. Contact dispatch.',
        ),
    });
    renderApp(['/driver']);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Start Shift' }, { timeout: 15_000 }),
    );
    const sheet = await screen.findByRole('dialog');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Start Shift' }));
    await waitFor(() =>
      expect(
        within(sheet).getByText('You are suspended and cannot start a shift. Contact dispatch.'),
      ).toBeInTheDocument(),
    );
  });

  it('tells a suspended driver at once which documents are at fault and what to do; Start Shift waits', async () => {
    const api = stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, suspendedHome()),
      'GET /api/drivers/me/documents': () =>
        jsonResponse(
          200,
          myDocuments([
            EXPIRED_LICENCE,
            // Covered by an override: it keeps nobody from work, so it is not named.
            { ...EXPIRED_LICENCE, type: 'ptd', key: 'driver:ptd', isOverridden: true },
          ]),
        ),
    });
    renderApp(['/driver']);
    const alert = await screen.findByRole(
      'alert',
      { name: /You are suspended/ },
      { timeout: 15_000 },
    );
    expect(
      await within(alert).findByText("Driver's licence expired on Jan 1, 2026"),
    ).toBeInTheDocument();
    expect(within(alert).getAllByRole('listitem')).toHaveLength(1);
    expect(within(alert).getByText(/Upload the new one in Documents/)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Open Documents' })).toHaveAttribute(
      'href',
      '/driver/documents',
    );
    const start = screen.getByRole('button', { name: 'Start Shift' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(/You are suspended/);
    await userEvent.click(start);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('tells a driver suspended with papers in order to contact dispatch; an active one sees no alert', async () => {
    let answer = suspendedHome();
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, answer),
      'GET /api/drivers/me/documents': () => jsonResponse(200, myDocuments([])),
    });
    const { queryClient } = renderApp(['/driver']);
    const alert = await screen.findByRole(
      'alert',
      { name: /You are suspended/ },
      { timeout: 15_000 },
    );
    expect(await within(alert).findByText('Contact dispatch to find out why.')).toBeInTheDocument();
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
    answer = home();
    await queryClient.invalidateQueries({ queryKey: DRIVER_HOME_QUERY_KEY });
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: /You are suspended/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Start Shift' })).toBeEnabled();
  });

  it('says why there is no position when the driver denied the location permission', async () => {
    const gps = fakeGeolocation();
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => jsonResponse(200, home({ shift: SHIFT })),
    });
    renderApp(['/driver']);
    expect(
      await screen.findByText('Finding your position…', {}, { timeout: 15_000 }),
    ).toBeVisible();
    await gps.deny();
    expect(
      await screen.findByText(/^Location permission is denied: dispatch sees you on shift/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End Shift' })).toBeInTheDocument();
  });

  it('says the position shown is the last one sent when the permission is denied after a while', async () => {
    const gps = fakeGeolocation();
    const lastSent = { lat: -31.95, lng: 115.86, isStale: true };
    const answer = home({ shift: SHIFT });
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () =>
        jsonResponse(200, {
          ...answer,
          driver: {
            ...answer.driver,
            location: {
              ...lastSent,
              updatedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
            },
          },
        }),
    });
    renderApp(['/driver']);
    expect(await screen.findByText('-31.95000, 115.86000', {}, { timeout: 15_000 })).toBeVisible();
    await gps.deny();
    // It said 'without a position' under the position it showed.
    expect(
      await screen.findByText(
        'Location permission is denied: dispatch sees only the last position you sent, about 3 hours ago. Allow location for this site in your browser settings.',
      ),
    ).toBeVisible();
  });

  it('says there is no connection while it shows the last known shift and figures', async () => {
    let isOnline = true;
    stubApi({
      'GET /api/me': signedInAs('driver'),
      'GET /api/public-settings': () =>
        jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
      'GET /api/drivers/me/home': () => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        return jsonResponse(200, home({ shift: SHIFT }));
      },
    });
    const view = renderApp(['/driver']);
    expect(await screen.findByText('Welcome back', {}, { timeout: 15_000 })).toBeVisible();
    expect(screen.queryByText('No connection')).toBeNull();

    isOnline = false;
    await view.queryClient.refetchQueries({ queryKey: DRIVER_HOME_QUERY_KEY });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      /^No connectionShowing your shift and today's figures as of \d{1,2}:\d{2} [ap]m\.$/,
    );
    // Still the shift as last known: dispatch has it open until it is ended.
    expect(screen.getByText('Online')).toBeVisible();
    expect(screen.getByText('$135.50')).toBeVisible();
  });
});
