import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../../domain/customers/api';
import type { Driver } from '../../../../domain/drivers/api';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import { dispatchScreenApi } from '../../../test/dispatch-api-stub';
import { stubEventSource } from '../../../test/fake-event-source';
import { TEST_ROUTE, testQuote } from '../../../test/public-api-stub';
import { renderApp } from '../../../test/render-app';
import { emptyBookingForm } from '../utils/booking-form-state';
import { saveNewBookingDraft } from '../utils/new-booking-draft';
import { loadAddressSuggestionsFirst } from '../../../test/address-suggestions';

loadAddressSuggestionsFirst();

vi.mock('./leaflet-driver-map', () => ({
  default: ({ drivers }: { drivers: Driver[] }) => <div>{drivers.length} drivers on the map</div>,
}));

const DISPATCHER_ID = 'u1';
/** 9:01 am in Perth (UTC+8): the default pickup is 9:05 am. */
const NINE_OH_ONE = new Date('2030-03-11T01:01:00.000Z');
const MINUTE = 60_000;

function stubDispatchApi() {
  return stubApi(dispatchScreenApi(DISPATCHER_ID));
}

async function openDispatch() {
  const view = renderApp(['/dispatch']);
  // The first test of a run loads the page's lazy module: under load it took over 15 s.
  await screen.findByRole('heading', { level: 2, name: 'New Booking' }, { timeout: 25_000 });
  return view;
}

function pickupTimeInput() {
  return screen.getByRole('textbox', { name: 'Pickup Time: time' });
}

const PASSED = 'This pickup time has already passed.';

beforeEach(() => {
  stubEventSource();
  notifications.clean();
  sessionStorage.clear();
});

// Each test renders the whole dispatch page, the first one loading its lazy module.
describe('the New Booking panel’s default pickup time', { timeout: 60_000 }, () => {
  beforeEach(() => {
    // Timers run as in life, and a test moves the clock on when it says so.
    vi.useFakeTimers({ now: NINE_OH_ONE, shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('moves on while the dispatcher leaves it alone, and never once they set it', async () => {
    stubDispatchApi();
    const { user } = await openDispatch();
    expect(pickupTimeInput()).toHaveValue('9:05 am');

    // Left open past 9:05: still now, rounded up, never 'already passed'.
    act(() => vi.advanceTimersByTime(5 * MINUTE));
    await waitFor(() => expect(pickupTimeInput()).toHaveValue('9:10 am'));
    expect(screen.queryByText(PASSED)).not.toBeInTheDocument();

    // The dispatcher types a time: it is theirs.
    await user.clear(pickupTimeInput());
    await user.type(pickupTimeInput(), '9:15am');
    act(() => vi.advanceTimersByTime(15 * MINUTE));
    expect(await screen.findByText(PASSED)).toBeInTheDocument();
    expect(pickupTimeInput()).toHaveValue('9:15am');

    // Reset form gives a default again, which moves on again.
    await user.click(screen.getByRole('button', { name: 'Reset form' }));
    await waitFor(() => expect(pickupTimeInput()).toHaveValue('9:25 am'));
    act(() => vi.advanceTimersByTime(5 * MINUTE));
    await waitFor(() => expect(pickupTimeInput()).toHaveValue('9:30 am'));
  });

  it('keeps a default the dispatcher confirmed with the tick', async () => {
    stubDispatchApi();
    const { user } = await openDispatch();
    act(() => vi.advanceTimersByTime(5 * MINUTE));
    await waitFor(() => expect(pickupTimeInput()).toHaveValue('9:10 am'));

    // 'Yes, pickup ..., 9:10 am' accepts the default: it stays, confirmed, and
    // says so when it passes (the field looks at the clock itself).
    const confirmation = screen.getByRole('checkbox', { name: /^Yes, pickup .*9:10 am$/ });
    await user.click(confirmation);
    await waitFor(() => expect(confirmation).toBeChecked());
    act(() => vi.advanceTimersByTime(5 * MINUTE));
    expect(await screen.findByText(PASSED)).toBeInTheDocument();
    expect(pickupTimeInput()).toHaveValue('9:10 am');
    expect(confirmation).toBeChecked();
  });

  it('moves on a restored draft’s default pickup, and keeps one the dispatcher set', async () => {
    const typed = { ...emptyBookingForm(NINE_OH_ONE), passengerName: 'Zara Quinn' };
    saveNewBookingDraft(DISPATCHER_ID, { values: typed, idempotencyKey: null });
    vi.setSystemTime(new Date(NINE_OH_ONE.getTime() + 20 * MINUTE));
    stubDispatchApi();
    await openDispatch();
    expect(await screen.findByText('Draft restored')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Passenger Name' })).toHaveValue('Zara Quinn');
    await waitFor(() => expect(pickupTimeInput()).toHaveValue('9:25 am'));
    expect(screen.queryByText(PASSED)).not.toBeInTheDocument();

    cleanup();
    notifications.clean();
    const set = { ...typed, pickupTime: '2030-03-11 09:15:00', isPickupTimeSet: true };
    saveNewBookingDraft(DISPATCHER_ID, { values: set, idempotencyKey: null });
    await openDispatch();
    expect(await screen.findByText('Draft restored')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5 * MINUTE));
    expect(pickupTimeInput()).toHaveValue('9:15 am');
    expect(screen.getByText(PASSED)).toBeInTheDocument();
  });
});

describe('Paste Booking’s counts in the New Booking panel', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('says at each field what the text asked for that a booking cannot take, until it is changed', async () => {
    stubDispatchApi();
    const { user } = await openDispatch();
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Dispatcher tools' })).getByRole('button', {
        name: 'Paste Booking',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Paste Booking' });
    await user.click(within(dialog).getByLabelText('Booking text'));
    await user.paste(
      'Pick up from Perth Airport to Fremantle tomorrow at 10am\nPax: 9\nLuggage: 25\n5 child seats',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Process Booking' }));
    // The footer's Close: the title bar's X is named Close too.
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const passengers = screen.getByRole('textbox', { name: 'Passengers' });
    expect(passengers).toHaveValue('7');
    expect(passengers).toHaveAccessibleDescription(
      'The text asks for 9 passengers: 7 is the most a vehicle seats',
    );
    const suitcases = screen.getByRole('textbox', { name: 'Suitcases' });
    expect(suitcases).toHaveValue('20');
    expect(suitcases).toHaveAccessibleDescription(
      'The text asks for 25 suitcases: 20 is the most a booking takes',
    );
    const seats = screen.getByRole('textbox', { name: /Child seats/ });
    expect(seats).toHaveValue('4');
    expect(seats).toHaveAccessibleDescription(
      'Fitted before pickup. The text asks for 5 child seats: 4 is the most a booking fits',
    );

    // The dispatcher's own count needs no note; the other fields keep theirs.
    await user.clear(passengers);
    await user.type(passengers, '6');
    expect(passengers).toHaveAccessibleDescription('');
    expect(suitcases).toHaveAccessibleDescription(/The text asks for 25 suitcases/);
    await user.clear(seats);
    await user.type(seats, '3');
    expect(seats).toHaveAccessibleDescription('Fitted before pickup');
  });
});

/** Places the stubbed search knows: those whose label holds the searched text. */
const MAP_PLACES = [
  {
    id: 'poi:crown-towers',
    label: 'Crown Towers Perth, Great Eastern Highway, Burswood WA 6100, Australia',
    lat: -31.9579,
    lng: 115.8939,
  },
  { id: 'loc:subiaco', label: 'Subiaco WA 6008, Australia', lat: -31.9485, lng: 115.8268 },
  {
    id: 'poi:sjog-subiaco',
    label: 'St John of God Subiaco Hospital, 12 Salvado Road, Subiaco WA 6008, Australia',
    lat: -31.9466,
    lng: 115.8299,
  },
  { id: 'loc:fremantle', label: 'Fremantle WA 6160, Australia', lat: -32.0569, lng: 115.7439 },
];

/** The dispatch API (with `handlers` added) and the places search, place details, routes and quotes. */
function stubMapsApi(handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...dispatchScreenApi(DISPATCHER_ID), ...handlers });
  const dispatchApi = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/places') {
      const query = (url.searchParams.get('q') ?? '').toLowerCase();
      const places = MAP_PLACES.filter((place) => place.label.toLowerCase().includes(query));
      return jsonResponse(200, { places: places.map(({ id, label }) => ({ id, label })) });
    }
    const detail = MAP_PLACES.find(
      (place) => url.pathname === `/api/places/${encodeURIComponent(place.id)}`,
    );
    if (method === 'GET' && detail) {
      const { id, label, lat, lng } = detail;
      return jsonResponse(200, { id, address: label, lat, lng });
    }
    if (method === 'POST' && url.pathname === '/api/routes') return jsonResponse(200, TEST_ROUTE);
    if (method === 'POST' && url.pathname === '/api/quotes') {
      return jsonResponse(200, testQuote());
    }
    return dispatchApi!(input, init);
  });
  return fetchMock;
}

type User = Awaited<ReturnType<typeof openDispatch>>['user'];

async function pasteBooking(user: User, text: string) {
  await user.click(
    within(screen.getByRole('toolbar', { name: 'Dispatcher tools' })).getByRole('button', {
      name: 'Paste Booking',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Paste Booking' });
  await user.click(within(dialog).getByLabelText('Booking text'));
  await user.paste(text);
  await user.click(within(dialog).getByRole('button', { name: 'Process Booking' }));
  // The footer's Close: the title bar's X is named Close too.
  await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('Paste Booking’s addresses in the New Booking panel', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('are found on the map when the search plainly names them, so the fare is priced without a pick', async () => {
    const fetchMock = stubMapsApi();
    const { user } = await openDispatch();
    await pasteBooking(
      user,
      'Please pick up Olivia Bennett from Crown Towers to Fremantle tomorrow at 10am, 2 pax. Mobile 0412 345 678',
    );

    const quote = screen.getByRole('region', { name: 'Route quote' });
    expect(await within(quote).findByText('$45.00')).toBeInTheDocument();
    const pickup = screen.getByRole('combobox', { name: 'Pickup Location' });
    expect(pickup).toHaveValue(MAP_PLACES[0]!.label);
    expect(pickup).toHaveAccessibleDescription('Matched from the pasted text: check it');
    const destination = screen.getByRole('combobox', { name: 'Destination' });
    expect(destination).toHaveValue('Fremantle WA 6160, Australia');
    expect(destination).toHaveAccessibleDescription('Matched from the pasted text: check it');
    const route = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/routes'));
    expect(JSON.parse(String(route?.[1]?.body))).toMatchObject({
      origin: { lat: -31.9579, lng: 115.8939 },
      destination: { lat: -32.0569, lng: 115.7439 },
    });

    // The dispatcher's own change needs no note.
    await user.type(destination, ' ');
    expect(destination).toHaveAccessibleDescription('');
  });

  it('keep the pasted text and ask for a pick when the search names several places', async () => {
    stubMapsApi();
    const { user } = await openDispatch();
    await pasteBooking(
      user,
      'Please pick up Olivia Bennett from Subiaco to Fremantle tomorrow at 10am, 2 pax. Mobile 0412 345 678',
    );

    const pickup = screen.getByRole('combobox', { name: 'Pickup Location' });
    await waitFor(() =>
      expect(pickup).toHaveAccessibleDescription(
        'Choose the pickup from the suggestions so the fare can be priced',
      ),
    );
    expect(pickup).toHaveValue('Subiaco');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Destination' })).toHaveAccessibleDescription(
        'Matched from the pasted text: check it',
      ),
    );
    const quote = screen.getByRole('region', { name: 'Route quote' });
    expect(
      within(quote).getByText(
        'Choose the pickup and destination from the suggestions to see the distance and fare.',
      ),
    ).toBeInTheDocument();

    // Saving says the same at the field, once.
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    expect(
      await screen.findAllByText(
        'Choose the pickup from the suggestions so the fare can be priced',
      ),
    ).toHaveLength(1);

    await user.click(pickup);
    await user.click(await screen.findByRole('option', { name: /^Subiaco WA 6008/ }));
    expect(await within(quote).findByText('$45.00')).toBeInTheDocument();
    expect(pickup).toHaveAccessibleDescription('');
  });
});

describe('the New Booking panel’s Create booking button', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('names itself on hover, and the name goes once pressed while the pointer rests on it', async () => {
    stubDispatchApi();
    const { user } = await openDispatch();
    const create = screen.getByRole('button', { name: 'Create booking' });

    await user.hover(create);
    expect(await screen.findByRole('tooltip', { name: 'Create booking' })).toBeInTheDocument();

    // The blank form is refused at its fields; the name no longer covers the panel.
    await user.click(create);
    expect(await screen.findByText('Enter the pickup address')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    await user.pointer({ target: create, coords: { x: 2, y: 2 } });
    expect(screen.queryByRole('tooltip')).toBeNull();

    // Back on the button, it names itself again.
    await user.unhover(create);
    await user.hover(create);
    expect(await screen.findByRole('tooltip', { name: 'Create booking' })).toBeInTheDocument();
  });
});

const MIA: Customer = {
  id: 'c1',
  firstName: 'Mia',
  lastName: 'Tran',
  email: 'mia@example.com',
  phone: '+61412345678',
  // A street the search does not know, in a suburb it knows.
  homeAddress: '14 Walcott St, Subiaco WA 6008',
  preferredVehicleType: 'Multivan 6',
  notes: '',
  savedAddresses: [
    { label: 'Work', address: 'Crown Towers' },
    { label: 'Mum', address: 'Fremantle WA 6160' },
    // Neither street nor suburb is known to the search.
    { label: 'Gym', address: '3 Ocean Dr, Scarborough WA 6019' },
  ],
  totalBookings: 3,
  totalSpent: 120,
  lastBookingDate: null,
  nextBookingDate: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};

/** The maps API, with Mia Tran found by the phone lookup and her profile readable. */
function stubCustomerApi() {
  return stubMapsApi({
    'GET /api/customers': () => jsonResponse(200, { customers: [MIA], total: 1 }),
    'GET /api/customers/c1': () => jsonResponse(200, { customer: MIA, recentBookings: [] }),
  });
}

async function chooseMia(user: User) {
  await user.type(screen.getByRole('combobox', { name: 'Phone' }), '0412 345');
  await user.click(await screen.findByRole('option', { name: /Mia Tran/ }));
}

describe('a saved customer chosen in the New Booking panel', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('offers their home and saved addresses at Pickup and Destination, placed on the map when picked', async () => {
    const fetchMock = stubCustomerApi();
    const { user } = await openDispatch();
    await chooseMia(user);

    const pickup = screen.getByRole('combobox', { name: 'Pickup Location' });
    await user.click(pickup);
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(offered.map((option) => option.textContent)).toEqual([
      'Home14 Walcott St, Subiaco WA 6008',
      'WorkCrown Towers',
      'MumFremantle WA 6160',
      'Gym3 Ocean Dr, Scarborough WA 6019',
    ]);
    // Picked, a saved address is found on the map as a typed one would be.
    await user.click(screen.getByRole('option', { name: /^Work/ }));
    await waitFor(() => expect(pickup).toHaveValue(MAP_PLACES[0]!.label));

    // Typing narrows them to those that match.
    const destination = screen.getByRole('combobox', { name: 'Destination' });
    await user.type(destination, 'mu');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['MumFremantle WA 6160']),
    );
    await user.click(screen.getByRole('option', { name: /^Mum/ }));
    await waitFor(() => expect(destination).toHaveValue('Fremantle WA 6160, Australia'));
    const quote = screen.getByRole('region', { name: 'Route quote' });
    expect(await within(quote).findByText('$45.00')).toBeInTheDocument();
    const route = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/routes'));
    expect(JSON.parse(String(route?.[1]?.body))).toMatchObject({
      origin: { lat: -31.9579, lng: 115.8939 },
      destination: { lat: -32.0569, lng: 115.7439 },
    });

    // A street the map does not know stays as written, with no stand-in place, and the field says so:
    // a booking's coordinates are where the driver's navigation goes.
    await user.clear(destination);
    await user.click(await screen.findByRole('option', { name: /^Home/ }));
    expect(
      await screen.findByText('Not found on the map: choose a suggestion for the route and fare'),
    ).toBeInTheDocument();
    expect(destination).toHaveValue('14 Walcott St, Subiaco WA 6008');

    // Another such place, the same.
    await user.clear(destination);
    await user.click(await screen.findByRole('option', { name: /^Gym/ }));
    expect(
      await screen.findByText('Not found on the map: choose a suggestion for the route and fare'),
    ).toBeInTheDocument();
    expect(destination).toHaveValue('3 Ocean Dr, Scarborough WA 6019');
  });

  it('takes their preferred vehicle and says it, but never over the dispatcher’s own choice', async () => {
    stubCustomerApi();
    const { user } = await openDispatch();
    // The form is drawn afresh on Reset: the field is found again each time.
    const vehicle = () => screen.getByRole('combobox', { name: 'Vehicle Type' });
    expect(vehicle()).toHaveAccessibleDescription('Default Standard HUG');

    await chooseMia(user);
    expect(vehicle()).toHaveValue('Multivan 6');
    await waitFor(() => expect(vehicle()).toHaveAccessibleDescription('Prefers: Multivan 6'));

    await user.click(screen.getByRole('button', { name: 'Reset form' }));
    expect(vehicle()).toHaveValue('Standard HUG');
    await user.selectOptions(vehicle(), 'Imax 7');
    await chooseMia(user);
    await waitFor(() => expect(vehicle()).toHaveAccessibleDescription('Prefers: Multivan 6'));
    expect(vehicle()).toHaveValue('Imax 7');
  });

  it('drops their places and preferred vehicle once the phone is typed over', async () => {
    stubCustomerApi();
    const { user } = await openDispatch();
    await chooseMia(user);
    const destination = screen.getByRole('combobox', { name: 'Destination' });
    await user.click(destination);
    expect(await screen.findByRole('option', { name: /^Home/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.type(screen.getByRole('combobox', { name: 'Phone' }), '9');
    await user.click(destination);
    expect(screen.queryByRole('option', { name: /^Home/ })).not.toBeInTheDocument();
    const vehicle = screen.getByRole('combobox', { name: 'Vehicle Type' });
    expect(vehicle).toHaveValue('Standard HUG');
    expect(vehicle).toHaveAccessibleDescription('Default Standard HUG');
  });
});
