import { Notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../domain/bookings/api';
import type { Driver } from '../../../../domain/drivers/api';
import { AppProviders } from '../../../app/providers';
import { jsonResponse } from '../../../test/api-stub';
import { testBooking } from '../../../test/booking-fixtures';
import {
  CreateCorporateAccountInputSchema,
  MultiBookingTripSchema,
  SendEmailInputSchema,
} from '../../../../domain/dispatch';
import { expectInputsCappedLikeSchema } from '../../../test/max-length';
import { DispatcherTopBar, TOOLS, type DispatcherTopBarProps } from './dispatcher-top-bar';
import { blankValues, MULTI_PAST_PICKUP_MESSAGE, validateMultiBooking } from './multi-booking-form';
import { loadAddressSuggestionsFirst } from '../../../test/address-suggestions';

/** Multi Booking's address search boxes (the maps feature's), its account picker and its time of day. */
const UNCAPPED_MULTI_BOOKING: string[] = [
  'Pickup Location',
  'Destination',
  'Account Code',
  'Booking 1: time',
];

type Request = { method: string; url: URL; body: unknown };

/** A fetch stub that sees the query string too: `handle` answers or returns undefined (404). */
function stubFetch(handle: (request: Request) => Response | undefined) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const request = { method: init?.method ?? 'GET', url, body };
      requests.push(request);
      return (
        handle(request) ??
        jsonResponse(404, { error: { code: 'not_found', message: `No stub for ${url.pathname}` } })
      );
    }),
  );
  return requests;
}

function renderBar(props: Partial<DispatcherTopBarProps> = {}) {
  const onDraft = vi.fn();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} env="test">
      <Notifications />
      <DispatcherTopBar selectedBooking={null} onDraft={onDraft} {...props} />
    </AppProviders>,
  );
  return { user, onDraft };
}

function booking(overrides: Partial<Booking> = {}): Booking {
  return testBooking({
    reference: 'QF7K2M',
    pickupTime: '2030-03-12T09:30:00.000Z',
    pickupLocation: 'Crown Towers Perth, Burswood',
    dropoffLocation: 'Perth Airport Terminal 1 (T1)',
    pickupLat: -31.9593,
    pickupLng: 115.8947,
    dropoffLat: -31.9385,
    dropoffLng: 115.9672,
    fareAmount: 45,
    passengerName: 'Jane Smith',
    phone: '+61412345678',
    numSuitcases: 2,
    createdAt: '2030-03-01T00:00:00.000Z',
    updatedAt: '2030-03-01T00:00:00.000Z',
    customer: {
      id: 'c1',
      firstName: 'Jane',
      lastName: 'Smith',
      phone: '+61412345678',
      email: 'jane@example.test',
    },
    ...overrides,
  });
}

function driver(
  id: string,
  firstName: string,
  distanceMeters: number,
  availability: Driver['availability'] = 'free',
  userId: string | null = null,
): Driver & { distanceMeters: number } {
  return {
    id,
    userId,
    firstName,
    lastName: 'Driver',
    email: null,
    phone: null,
    rating: 4.8,
    status: 'active',
    availability,
    location: { lat: -31.96, lng: 115.89, updatedAt: '2030-03-12T09:00:00.000Z', isStale: false },
    vehicle: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    distanceMeters,
  };
}

// Typing into Mantine inputs is slow in jsdom: the dialogs' flows get more time.
// The dispatch screen has the address suggestions loaded before its tools open.
loadAddressSuggestionsFirst();

describe('DispatcherTopBar', { timeout: 20_000 }, () => {
  it('shows the seven tools in the spec order', () => {
    stubFetch(() => undefined);
    renderBar();
    const toolbar = screen.getByRole('toolbar', { name: 'Dispatcher tools' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([...TOOLS]);
  });

  it('opens one dialog at a time', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/job-history'
        ? jsonResponse(200, { bookings: [], nextCursor: null, total: 0, totalIsCapped: false })
        : undefined,
    );
    const { user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Job History' }));
    expect(screen.getByRole('dialog', { name: 'Job History' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Paste Booking' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Paste Booking' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("names every tool dialog's close button (X) 'Close', and it closes the dialog", async () => {
    stubFetch(() => undefined);
    const { user } = renderBar();
    for (const tool of TOOLS) {
      await user.click(screen.getByRole('button', { name: tool }));
      const dialog = await screen.findByRole('dialog', { name: tool });
      // The title bar's X: the first button of the dialog, before its content's.
      const close = within(dialog).getAllByRole('button')[0];
      expect(close).toHaveAccessibleName('Close');
      await user.click(close!);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it('Paste Booking fills the New Booking form with the parsed fields and says what is missing', async () => {
    stubFetch(() => undefined);
    const { user, onDraft } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Paste Booking' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Booking text' }),
      'Name: John Brown{Enter}Pickup: Crown Towers Perth{Enter}Destination: Perth Airport T3{Enter}Flight QF 583, 2 pax, 3 bags, Imax please',
    );
    await user.click(screen.getByRole('button', { name: 'Process Booking' }));

    expect(onDraft).toHaveBeenCalledTimes(1);
    expect(onDraft).toHaveBeenCalledWith({
      passengerName: 'John Brown',
      pickupLocation: 'Crown Towers Perth',
      dropoffLocation: 'Perth Airport Terminal 3 (T3), Brearley Avenue, Perth Airport WA 6105',
      numPassengers: 2,
      numSuitcases: 3,
      vehicleType: 'Imax 7',
      notes: 'Flight QF583',
    });
    const missing = screen.getByRole('list', { name: 'Not recognised' });
    expect(within(missing).getByText('Could not find a pickup time')).toBeInTheDocument();
    expect(within(missing).getByText('Could not find a phone number')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Recognised' })).getByText('Passenger: John Brown'),
    ).toBeInTheDocument();
  });

  it('Nearest Drivers lists drivers within 5 km nearest first, and Assign assigns once and closes', async () => {
    const requests = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/drivers/nearest') {
        return jsonResponse(200, {
          drivers: [
            driver('d2', 'Bella', 3400, 'busy'),
            driver('d1', 'Arlo', 1200, 'free', 'u1'),
            driver('d3', 'Cody', 4900, 'away'),
          ],
        });
      }
      if (method === 'POST' && url.pathname === '/api/bookings/b1/assign') {
        return jsonResponse(200, { booking: booking({ status: 'assigned' }) });
      }
      return undefined;
    });
    const { user } = renderBar({ selectedBooking: booking() });
    await user.click(screen.getByRole('button', { name: 'Nearest Drivers' }));
    const dialog = screen.getByRole('dialog', { name: 'Nearest Drivers' });
    expect(within(dialog).getByText('Showing drivers within 5km radius')).toBeInTheDocument();

    const list = await within(dialog).findByRole('list', { name: 'Nearest drivers' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Arlo Driver',
      'Bella Driver',
      'Cody Driver',
    ]);
    expect(within(rows[0]!).getByText('1.2 km')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Free')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Busy')).toBeInTheDocument();
    // A job given to a driver without the app reaches no phone: said before assigning.
    expect(within(rows[0]!).queryByText('No app account')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('No app account')).toBeInTheDocument();
    const nearest = requests.find((request) => request.url.pathname === '/api/drivers/nearest')!;
    expect(Object.fromEntries(nearest.url.searchParams)).toEqual({
      lat: '-31.9593',
      lng: '115.8947',
      radiusKm: '5',
    });

    // A double click: both clicks in one task, as a browser delivers them.
    const assign = within(rows[0]!).getByRole('button', { name: 'Assign Arlo Driver' });
    fireEvent.click(assign);
    fireEvent.click(assign);
    await waitFor(() =>
      expect(
        requests.find((request) => request.url.pathname === '/api/bookings/b1/assign')?.body,
      ).toEqual({ driverId: 'd1', expectedDriverId: null }),
    );
    expect(await screen.findByText('Arlo Driver has booking QF7K2M.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      requests.filter((request) => request.url.pathname === '/api/bookings/b1/assign'),
    ).toHaveLength(1);
  });

  it('Nearest Drivers sends the driver it showed on the booking, and shows the 409 when another dispatcher got there first', async () => {
    const refusal =
      'This booking was just assigned to Bella Driver. Look again before reassigning.';
    const requests = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/drivers/nearest') {
        return jsonResponse(200, {
          drivers: [driver('d1', 'Arlo', 1200, 'free', 'u1'), driver('d3', 'Cody', 4900)],
        });
      }
      if (method === 'POST' && url.pathname === '/api/bookings/b1/assign') {
        return jsonResponse(409, { error: { code: 'conflict', message: refusal } });
      }
      return undefined;
    });
    const seen = booking({
      status: 'assigned',
      driver: { id: 'd3', firstName: 'Cody', lastName: 'Driver', phone: null, rating: 4.8 },
    });
    const { user } = renderBar({ selectedBooking: seen });
    await user.click(screen.getByRole('button', { name: 'Nearest Drivers' }));
    const dialog = screen.getByRole('dialog', { name: 'Nearest Drivers' });
    await user.click(await within(dialog).findByRole('button', { name: 'Assign Arlo Driver' }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByText('Could not assign the driver')).toBeInTheDocument();
    expect(
      requests.find((request) => request.url.pathname === '/api/bookings/b1/assign')?.body,
    ).toEqual({ driverId: 'd1', expectedDriverId: 'd3' });
    // The dialog stays open on the booking, for the dispatcher to look again.
    expect(screen.getByRole('dialog', { name: 'Nearest Drivers' })).toBeInTheDocument();
  });

  it('Nearest Drivers marks a driver whose papers are not in order, and does not offer Assign', async () => {
    const requests = stubFetch(({ method, url }) =>
      method === 'GET' && url.pathname === '/api/drivers/nearest'
        ? jsonResponse(200, {
            drivers: [
              { ...driver('d1', 'Arlo', 1200, 'free', 'u1'), paperProblems: [] },
              {
                ...driver('d2', 'Pia', 1500, 'free', 'u2'),
                paperProblems: ['PTD authorization is not verified'],
              },
            ],
          })
        : undefined,
    );
    const { user } = renderBar({ selectedBooking: booking() });
    await user.click(screen.getByRole('button', { name: 'Nearest Drivers' }));
    const list = await screen.findByRole('list', { name: 'Nearest drivers' });
    const [arlo, pia] = within(list).getAllByRole('listitem');
    expect(within(arlo!).queryByText('Papers not in order')).not.toBeInTheDocument();
    expect(within(arlo!).getByRole('button', { name: 'Assign Arlo Driver' })).toBeEnabled();
    expect(within(pia!).getByText('Papers not in order')).toBeInTheDocument();
    const assignPia = within(pia!).getByRole('button', { name: 'Assign Pia Driver' });
    expect(assignPia).toBeDisabled();
    fireEvent.click(assignPia);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('Nearest Drivers says so when no driver is near, and asks for a booking when none is selected', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/drivers/nearest' ? jsonResponse(200, { drivers: [] }) : undefined,
    );
    const { user } = renderBar({ selectedBooking: booking() });
    await user.click(screen.getByRole('button', { name: 'Nearest Drivers' }));
    expect(
      await screen.findByText('No drivers within 5 km of the pickup right now.'),
    ).toBeInTheDocument();
  });

  it('Send Email says the mail was kept in the outbox when no mail server is configured', async () => {
    const requests = stubFetch(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/emails'
        ? jsonResponse(202, { status: 'kept-in-outbox' })
        : undefined,
    );
    const { user } = renderBar({ selectedBooking: booking() });
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = screen.getByRole('dialog', { name: 'Send Email' });
    expect(within(dialog).getByRole('textbox', { name: 'To' })).toHaveValue('jane@example.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Your pickup');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Message' }),
      'Your driver will meet you in the lobby.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Email' }));

    expect(await screen.findByText('Email kept in the outbox')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === '/api/emails')?.body).toEqual({
      to: 'jane@example.test',
      subject: 'Your pickup',
      message: 'Your driver will meet you in the lobby.',
    });
  });

  it('Job History shows completed jobs newest first and loads older ones', async () => {
    const jobs = Array.from({ length: 30 }, (_, index) =>
      booking({
        id: `job-${index}`,
        reference: `REF${String(index).padStart(3, '0')}`,
        status: 'completed',
        pickupTime: new Date(Date.UTC(2030, 0, 1 + index, 1)).toISOString(),
        driver: { id: 'd1', firstName: 'Arlo', lastName: 'Driver', phone: null, rating: 4.8 },
      }),
    );
    // The server's keyset pages: newest first, the cursor says where the next starts.
    const newestFirst = [...jobs].reverse();
    const requests = stubFetch(({ url }) => {
      if (url.pathname !== '/api/job-history') return undefined;
      const limit = Number(url.searchParams.get('limit'));
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const end = start + limit;
      return jsonResponse(200, {
        bookings: newestFirst.slice(start, end),
        nextCursor: end < newestFirst.length ? String(end) : null,
        total: jobs.length,
        totalIsCapped: false,
      });
    });
    const { user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Job History' }));
    const dialog = screen.getByRole('dialog', { name: 'Job History' });

    expect(await within(dialog).findByText('REF029')).toBeInTheDocument();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    expect(within(rows[0]!).getByText('REF029')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Completed')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Arlo Driver')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('$45.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Jan 30, 2030')).toBeInTheDocument();
    expect(within(dialog).getByText('Showing 25 of 30 completed jobs')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByText('REF000')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('row')).toHaveLength(31);
    expect(requests.at(-1)?.url.searchParams.get('cursor')).toBe('25');
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Search completed jobs' }),
      'smith',
    );
    await waitFor(() =>
      expect(requests.some((request) => request.url.searchParams.get('q') === 'smith')).toBe(true),
    );
  });

  it('Route Suggestion says when the route is only an estimate, and asks for a booking without one', async () => {
    stubFetch(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/routes'
        ? jsonResponse(200, {
            distanceMeters: 12_300,
            durationSeconds: 1_500,
            geometry: [],
            isEstimate: true,
            alternatives: [],
            provider: 'offline',
          })
        : undefined,
    );
    const { user } = renderBar({ selectedBooking: booking() });
    await user.click(screen.getByRole('button', { name: 'Route Suggestion' }));
    expect(
      await screen.findByText('Estimated route; alternatives need a routing service.'),
    ).toBeInTheDocument();
    const routes = screen.getByRole('list', { name: 'Routes' });
    expect(within(routes).getByText('12.3 km')).toBeInTheDocument();
    expect(within(routes).getByText('25 min')).toBeInTheDocument();
  });

  it('Route Suggestion without a selected booking asks to select one', async () => {
    stubFetch(() => undefined);
    const { user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Route Suggestion' }));
    expect(
      screen.getByText('Select a booking in the list to see route suggestions for it.'),
    ).toBeInTheDocument();
  });

  it("caps the Send Email, Account Code and Multi Booking fields at the server schema's max length", async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/accounts'
        ? jsonResponse(200, { accounts: [] })
        : url.pathname === '/api/places'
          ? jsonResponse(200, { places: [] })
          : undefined,
    );
    const { user } = renderBar({ selectedBooking: booking() });
    const email = SendEmailInputSchema.shape;
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expectInputsCappedLikeSchema(screen.getByRole('dialog', { name: 'Send Email' }), {
      To: email.to,
      Subject: email.subject,
      Message: email.message,
    });
    await user.click(screen.getByRole('button', { name: 'Account Code' }));
    const account = CreateCorporateAccountInputSchema.shape;
    expectInputsCappedLikeSchema(
      screen.getByRole('textbox', { name: 'Account Code' }).closest('form')!,
      { 'Account Code': account.code, 'Account Name': account.name },
    );
    await user.click(screen.getByRole('button', { name: 'Multi Booking' }));
    const trip = MultiBookingTripSchema.shape;
    const multi = screen.getByRole('dialog', { name: 'Multi Booking' });
    expectInputsCappedLikeSchema(
      within(multi).getByRole('textbox', { name: 'Passenger Name' }).closest('form')!,
      {
        'Passenger Name': trip.passengerName,
        Phone: trip.phone,
        Email: trip.email,
        Notes: trip.notes,
      },
      UNCAPPED_MULTI_BOOKING,
    );
  });

  it.each([
    ['Send Email', 'Send Email', /^To/],
    ['Account Code', 'Create account', /^Account Code/],
    ['Multi Booking', /^Create \d* ?bookings?$/, /^Passenger Name/],
  ])(
    '%s refused empty takes the focus to its first refused field (decision 115)',
    async (tool, submit, firstField) => {
      stubMultiBooking();
      const { user } = renderBar();
      await user.click(screen.getByRole('button', { name: tool }));
      const form = screen.getByRole('textbox', { name: firstField }).closest('form')!;
      await user.click(within(form).getByRole('button', { name: submit }));

      const field = within(form).getByRole('textbox', { name: firstField });
      expect(field).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(field).toHaveFocus());
    },
  );

  it('Account Code lists accounts and starts a new booking on one', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/accounts'
        ? jsonResponse(200, {
            accounts: [{ id: 'a1', code: 'BHP-01', name: 'BHP Perth', createdAt: '2030-01-01' }],
          })
        : undefined,
    );
    const { user, onDraft } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Account Code' }));
    expect(screen.getByRole('textbox', { name: 'Account Code' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Account Name' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Use BHP-01 for new booking' }));
    expect(onDraft).toHaveBeenCalledWith({ accountCode: 'BHP-01' });
  });

  /** Multi Booking's server: every pickup time sent becomes a booking MULTI0, MULTI1, ... */
  function stubMultiBooking() {
    return stubFetch(({ method, url, body }) => {
      if (url.pathname === '/api/accounts') return jsonResponse(200, { accounts: [] });
      if (url.pathname === '/api/places') return jsonResponse(200, { places: [] });
      if (method === 'POST' && url.pathname === '/api/bookings/multi') {
        const { pickupTimes } = body as { pickupTimes: string[] };
        return jsonResponse(201, {
          bookings: pickupTimes.map((pickupTime, index) =>
            booking({ id: `m${index}`, reference: `MULTI${index}`, pickupTime }),
          ),
        });
      }
      return undefined;
    });
  }

  /** Opens Multi Booking and books Jane Smith's trip at 9:15 am on two days running. */
  async function createTwoMultiBookings(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Multi Booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Multi Booking' });
    expect(
      within(dialog).getByText('Create multiple bookings for the same customer or group.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Passenger Name/ }), 'Jane Smith');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '0412 345 678');
    await user.type(within(dialog).getByPlaceholderText('Enter pickup address'), 'Crown Towers');
    await user.type(
      within(dialog).getByPlaceholderText('Enter destination address'),
      'Perth Airport',
    );
    // Typed the Australian way: a morning time that needs no confirmation.
    const firstTime = within(dialog).getByRole('textbox', { name: 'Booking 1: time' });
    await user.clear(firstTime);
    await user.type(firstTime, '915');
    await user.click(within(dialog).getByRole('button', { name: 'Add date and time' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add date and time' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove booking 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 bookings' }));
    expect(await within(dialog).findByText('Created 2 bookings')).toBeInTheDocument();
    return dialog;
  }

  function multiBookingsSent(requests: Request[]) {
    return requests.filter((request) => request.url.pathname === '/api/bookings/multi');
  }

  it('Multi Booking sends one trip with every date and time and shows the created references', async () => {
    const requests = stubMultiBooking();
    const { user } = renderBar();
    const dialog = await createTwoMultiBookings(user);

    expect(within(dialog).getByText('MULTI0')).toBeInTheDocument();
    expect(within(dialog).getByText('MULTI1')).toBeInTheDocument();
    const sent = requests.find((request) => request.url.pathname === '/api/bookings/multi')!;
    const body = sent.body as { trip: Record<string, unknown>; pickupTimes: string[] };
    expect(body.trip).toMatchObject({
      passengerName: 'Jane Smith',
      phone: '0412 345 678',
      pickupLocation: 'Crown Towers',
      dropoffLocation: 'Perth Airport',
      numPassengers: 1,
      vehicleType: 'Standard HUG',
    });
    expect(body.pickupTimes).toHaveLength(2);
    // One day apart, same time of day.
    expect(Date.parse(body.pickupTimes[1]!) - Date.parse(body.pickupTimes[0]!)).toBe(86_400_000);
    // 9:15 am in Perth is 01:15 UTC.
    expect(body.pickupTimes[0]).toMatch(/T01:15:00\.000Z$/);
  });

  it('Multi Booking shows what it created in place of the form: booking again takes a deliberate step', async () => {
    const requests = stubMultiBooking();
    const { user } = renderBar();
    const dialog = await createTwoMultiBookings(user);

    // Nothing left to click twice: no Create button, no filled form under the result.
    expect(within(dialog).queryByRole('button', { name: /^Create \d+ booking/ })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /Passenger Name/ })).toBeNull();
    const newMulti = within(dialog).getByRole('button', { name: 'New Multi Booking' });
    await waitFor(() => expect(newMulti).toHaveFocus());
    await user.keyboard('{Enter}');

    // New Multi Booking: an empty form, its first field focused.
    const name = within(dialog).getByRole('textbox', { name: /Passenger Name/ });
    expect(name).toHaveValue('');
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(dialog).getByPlaceholderText('Enter pickup address')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Create 1 booking' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Created 2 bookings')).toBeNull();
    expect(multiBookingsSent(requests)).toHaveLength(1);
  });

  it('Multi Booking books more dates for the same trip, from the day after the last, only when asked', async () => {
    const requests = stubMultiBooking();
    const { user } = renderBar();
    const dialog = await createTwoMultiBookings(user);

    await user.click(within(dialog).getByRole('button', { name: 'Book more dates for this trip' }));
    expect(within(dialog).getByRole('textbox', { name: /Passenger Name/ })).toHaveValue(
      'Jane Smith',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Booking 1: time' })).toHaveValue('9:15 am');
    expect(within(dialog).queryByRole('textbox', { name: 'Booking 2: time' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create 1 booking' }));
    expect(await within(dialog).findByText('Created 1 booking')).toBeInTheDocument();

    const sent = multiBookingsSent(requests).map(
      (request) => (request.body as { pickupTimes: string[] }).pickupTimes,
    );
    expect(sent).toHaveLength(2);
    // The day after the last one booked, at the same time of day.
    expect(Date.parse(sent[1]![0]!) - Date.parse(sent[0]![1]!)).toBe(86_400_000);

    // The footer's Close: the title bar's X is named Close too.
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Multi Booking' })).not.toBeInTheDocument(),
    );
  });

  it("Multi Booking marks the row a refusal names, in the form's words, not the API's field name", async () => {
    stubFetch(({ method, url }) => {
      if (url.pathname === '/api/accounts') return jsonResponse(200, { accounts: [] });
      if (url.pathname === '/api/places') return jsonResponse(200, { places: [] });
      if (method === 'POST' && url.pathname === '/api/bookings/multi') {
        return jsonResponse(400, {
          error: {
            code: 'INVALID',
            message: 'pickupTimes.1: must not be in the past',
            fields: { 'pickupTimes.1': 'must not be in the past' },
          },
        });
      }
      return undefined;
    });
    const { user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Multi Booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Multi Booking' });
    await user.type(within(dialog).getByRole('textbox', { name: /Passenger Name/ }), 'Pat Past');
    await user.type(within(dialog).getByPlaceholderText('Enter pickup address'), 'Crown Towers');
    await user.type(
      within(dialog).getByPlaceholderText('Enter destination address'),
      'Perth Airport',
    );
    const firstTime = within(dialog).getByRole('textbox', { name: 'Booking 1: time' });
    await user.clear(firstTime);
    await user.type(firstTime, '915');
    await user.click(within(dialog).getByRole('button', { name: 'Add date and time' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 bookings' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'No bookings were createdFix what is marked below, then create them again.',
    );
    expect(alert).not.toHaveTextContent('pickupTimes');
    // Said under the second row's field (the API counts from 0).
    const secondRow = within(dialog).getByRole('textbox', { name: 'Booking 2: time' });
    expect(secondRow).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Must not be in the past')).toBeVisible();
  });

  it('Multi Booking refuses a time that has passed before sending, where New Booking would ask (it books ahead)', () => {
    const values = {
      ...blankValues(),
      passengerName: 'Pat Past',
      pickup: { text: 'Crown Towers', place: null },
      dropoff: { text: 'Perth Airport', place: null },
      times: ['2020-03-02 09:00:00', '2099-03-02 09:00:00'],
    };
    const errors = validateMultiBooking(values);
    expect(errors['times.0']).toBe(MULTI_PAST_PICKUP_MESSAGE);
    expect(errors['times.1']).toBeUndefined();
  });

  it('Multi Booking asks to confirm a time between midnight and 5 am before sending', async () => {
    const requests = stubFetch(({ method, url, body }) => {
      if (url.pathname === '/api/accounts') return jsonResponse(200, { accounts: [] });
      if (url.pathname === '/api/places') return jsonResponse(200, { places: [] });
      if (method === 'POST' && url.pathname === '/api/bookings/multi') {
        const { pickupTimes } = body as { pickupTimes: string[] };
        return jsonResponse(201, {
          bookings: pickupTimes.map((pickupTime, index) =>
            booking({ id: `n${index}`, reference: `NIGHT${index}`, pickupTime }),
          ),
        });
      }
      return undefined;
    });
    const { user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Multi Booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Multi Booking' });
    await user.type(within(dialog).getByRole('textbox', { name: /Passenger Name/ }), 'Nora Night');
    await user.type(within(dialog).getByPlaceholderText('Enter pickup address'), 'Crown Towers');
    await user.type(
      within(dialog).getByPlaceholderText('Enter destination address'),
      'Perth Airport',
    );
    const time = within(dialog).getByRole('textbox', { name: 'Booking 1: time' });
    await user.clear(time);
    await user.type(time, '2.30am');

    expect(
      within(dialog).getByText('This pickup is between midnight and 5 am.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create 1 booking' }));
    expect(
      await within(dialog).findByText('Confirm this pickup time (tick the box)'),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === '/api/bookings/multi')).toBe(false);
    // The focus goes to the box to tick, not to the booking's date.
    const tick = within(dialog).getByRole('checkbox', { name: /^Yes, pickup .*, 2:30 am$/ });
    await waitFor(() => expect(document.activeElement).toBe(tick));

    await user.click(tick);
    await user.click(within(dialog).getByRole('button', { name: 'Create 1 booking' }));
    expect(await within(dialog).findByText('NIGHT0')).toBeInTheDocument();
  });
});
