import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  callsTo,
  deferred,
  json,
  stubPublicApi,
  TEST_PLACES,
  type StubRequest,
} from '../../../test/public-api-stub';
import { OnlineBookingInputSchema } from '../../../../domain/bookings/online-booking';
import { SAME_PLACE_DROPOFF_WARNING } from '../../../../domain/maps/same-place';
import { expectInputsCappedLikeSchema } from '../../../test/max-length';
import { renderApp } from '../../../test/render-app';
import { loadAddressSuggestionsFirst } from '../../../test/address-suggestions';

loadAddressSuggestionsFirst();

vi.mock('../../maps/components/route-map', () => ({
  RouteMap: () => <div role="region" aria-label="Route map" />,
}));

// Whole journeys through lazy routes, debounced search and several requests:
// give them room on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  window.sessionStorage.clear();
});

type User = ReturnType<typeof renderApp>['user'];

const QUOTED_TRIP = new URLSearchParams({
  pickup: TEST_PLACES.airport.address,
  pickupLat: String(TEST_PLACES.airport.lat),
  pickupLng: String(TEST_PLACES.airport.lng),
  dropoff: TEST_PLACES.fremantle.address,
  dropoffLat: String(TEST_PLACES.fremantle.lat),
  dropoffLng: String(TEST_PLACES.fremantle.lng),
  stops: JSON.stringify([
    { address: TEST_PLACES.cbd.address, lat: TEST_PLACES.cbd.lat, lng: TEST_PLACES.cbd.lng },
  ]),
  vehicle: 'Multivan 6',
  passengers: '3',
  large: '2',
  medium: '1',
  childSeats: '1',
  sportingEquipment: '1',
  distanceMeters: '12345',
  durationSeconds: '1490',
});

const BOOKED = {
  booking: {
    id: '5b7f6a1e-8a0e-4a55-9d8f-3c1f1c2a9e10',
    reference: 'K7P2QX',
    status: 'pending',
    pickupTime: '2031-03-15T02:30:00.000Z',
    pickupLocation: TEST_PLACES.airport.address,
    dropoffLocation: TEST_PLACES.fremantle.address,
    vehicleType: 'Multivan 6',
    fareAmount: 45,
    numPassengers: 3,
    distanceMeters: 23_400,
    durationSeconds: 1_860,
  },
};

async function openBookingPage(search = QUOTED_TRIP.toString()) {
  const view = renderApp([`/book?${search}`]);
  await screen.findByRole('heading', { level: 1, name: 'Book a ride' }, { timeout: 5000 });
  return view;
}

/** Picks the 15th of next month in the calendar, then types the time (Perth time). */
async function pickPickupTime(user: User, typed = '10.30am') {
  await user.click(screen.getByRole('button', { name: 'Pickup date and time: date' }));
  const picker = await screen.findByRole('dialog');
  await user.click(within(picker).getByRole('button', { name: 'Next month' }));
  const [day] = within(picker)
    .getAllByRole('button', { name: /^15 / })
    .filter((button) => !button.hasAttribute('disabled'));
  await user.click(day!);
  const time = screen.getByRole('textbox', { name: 'Pickup date and time: time' });
  await user.clear(time);
  await user.type(time, typed);
}

async function fillContactDetails(user: User) {
  await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Alex Morgan');
  await user.type(screen.getByRole('textbox', { name: /Mobile phone/ }), '0412 345 678');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'alex@example.com');
  await user.type(screen.getByRole('textbox', { name: /Notes/ }), 'QF 642');
  await pickPickupTime(user);
}

function bookingRequests(fetchMock: ReturnType<typeof stubPublicApi>): StubRequest[] {
  return callsTo(fetchMock, 'POST /api/online-bookings');
}

describe('booking page', () => {
  it('summarises the quoted trip from the Book Now link', async () => {
    const fetchMock = stubPublicApi();
    await openBookingPage();

    const summary = screen.getByRole('table', { name: 'Trip summary' });
    const row = (label: string) =>
      within(summary).getByRole('row', { name: new RegExp(`^${label}`) });
    expect(row('Pickup')).toHaveTextContent(TEST_PLACES.airport.address);
    expect(row('Stop 1')).toHaveTextContent(TEST_PLACES.cbd.address);
    expect(row('Dropoff')).toHaveTextContent(TEST_PLACES.fremantle.address);
    expect(row('Vehicle')).toHaveTextContent('Multivan 6');
    expect(row('Passengers')).toHaveTextContent('3 passengers');
    expect(row('Luggage')).toHaveTextContent('2 large, 1 medium suitcases');
    expect(row('Options')).toHaveTextContent('Child Seats, Sporting Equipment');
    expect(await within(row('Quoted fare')).findByText('$50.00')).toBeInTheDocument();

    expect(callsTo(fetchMock, 'POST /api/quotes')[0]?.body).toEqual({
      distanceMeters: 12345,
      durationSeconds: 1490,
      vehicleType: 'Multivan 6',
      childSeats: true,
    });
    expect(screen.getByText('Perth time')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Mobile phone/ })).toHaveAttribute(
      'placeholder',
      '+61 4xx xxx xxx',
    );
  });

  it('says beside the Vehicle row when the linked vehicle cannot seat the passengers (decision 91)', async () => {
    stubPublicApi();
    const link = new URLSearchParams(QUOTED_TRIP);
    link.set('vehicle', 'Standard HUG');
    link.set('passengers', '7');
    await openBookingPage(link.toString());

    const summary = screen.getByRole('table', { name: 'Trip summary' });
    const vehicle = within(summary).getByRole('row', { name: /^Vehicle/ });
    expect(vehicle).toHaveTextContent('Standard HUG');
    expect(
      within(vehicle).getByText(
        '7 passengers do not fit in the Standard HUG, which seats 4. Choose a larger vehicle.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps Request booking disabled, saying why, until the vehicle seats the passengers (decision 185)', async () => {
    const fetchMock = stubPublicApi();
    const link = new URLSearchParams(QUOTED_TRIP);
    link.set('vehicle', 'Standard HUG');
    link.set('passengers', '7');
    const { user } = await openBookingPage(link.toString());
    const refusal =
      '7 passengers do not fit in the Standard HUG, which seats 4. Choose a larger vehicle.';
    const requestBooking = () => screen.getByRole('button', { name: 'Request booking' });

    expect(requestBooking()).toBeDisabled();
    expect(requestBooking()).toHaveAccessibleDescription(refusal);

    // Planning again: the refusal is the Vehicle Type field's, and still the button's reason.
    await user.click(screen.getByRole('button', { name: 'Change trip' }));
    const vehicleSelect = screen.getByRole('combobox', { name: 'Vehicle Type' });
    expect(vehicleSelect).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(requestBooking()).toBeDisabled();
    expect(requestBooking()).toHaveAccessibleDescription(refusal);

    await user.selectOptions(vehicleSelect, 'Imax 7');
    expect(requestBooking()).toBeEnabled();
    expect(requestBooking()).not.toHaveAccessibleDescription();
    expect(bookingRequests(fetchMock)).toHaveLength(0);
  });

  it('lets a visitor without a quote plan the trip here', async () => {
    stubPublicApi();
    await openBookingPage('');

    expect(screen.getByRole('button', { name: 'Calculate Fare' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Pickup' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Passengers' })).toHaveValue('1');
    expect(screen.queryByRole('table', { name: 'Trip summary' })).not.toBeInTheDocument();
  });

  it("takes focus to the trip card's heading when Change trip opens the planner", async () => {
    stubPublicApi();
    const { user } = await openBookingPage();
    await user.click(screen.getByRole('button', { name: 'Change trip' }));
    // The button is gone: focus would fall to the page's start.
    expect(screen.getByRole('combobox', { name: 'Pickup' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your trip' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveFocus();
  });

  it('warns when the quoted trip ends at its pickup with no stop between', async () => {
    stubPublicApi();
    const roundTrip = new URLSearchParams(QUOTED_TRIP);
    roundTrip.set('dropoff', `${TEST_PLACES.airport.address}, Australia`);
    roundTrip.delete('stops');
    await openBookingPage(roundTrip.toString());
    expect(screen.getByRole('status')).toHaveTextContent(SAME_PLACE_DROPOFF_WARNING);
    expect(screen.getByRole('button', { name: 'Change trip' })).toBeEnabled();
  });

  it('says nothing of a quoted loop back to the pickup through a stop', async () => {
    stubPublicApi();
    const loop = new URLSearchParams(QUOTED_TRIP);
    loop.set('dropoff', TEST_PLACES.airport.address);
    await openBookingPage(loop.toString());
    expect(screen.getByRole('table', { name: 'Trip summary' })).toBeInTheDocument();
    expect(screen.queryByText(SAME_PLACE_DROPOFF_WARNING)).toBeNull();
  });

  it('warns under Dropoff while planning when it is the pickup', async () => {
    stubPublicApi();
    const { user } = await openBookingPage('');
    await user.type(screen.getByRole('combobox', { name: 'Pickup' }), 'Kings Park');
    const dropoff = () => screen.getByRole('combobox', { name: 'Dropoff' });
    await user.type(dropoff(), 'kings park');
    const warning = await screen.findByText(SAME_PLACE_DROPOFF_WARNING);
    expect(dropoff().compareDocumentPosition(warning)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getByRole('button', { name: 'Calculate Fare' })).toBeEnabled();
  });

  it('asks for name, phone and a pickup time before sending anything', async () => {
    const fetchMock = stubPublicApi();
    const { user } = await openBookingPage();

    await user.click(screen.getByRole('button', { name: 'Request booking' }));

    expect(await screen.findByText('Enter your full name')).toBeInTheDocument();
    expect(screen.getByText('Enter your mobile phone number')).toBeInTheDocument();
    expect(screen.getByText('Choose the pickup date and time')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveFocus();
    expect(bookingRequests(fetchMock)).toHaveLength(0);
  });

  it("caps the contact fields at the server schema's max length", async () => {
    stubPublicApi();
    await openBookingPage();
    const form = screen.getByRole('textbox', { name: /Full name/ }).closest('form')!;
    const fields = OnlineBookingInputSchema.shape;
    expectInputsCappedLikeSchema(
      form,
      {
        'Full name': fields.passengerName,
        'Mobile phone': fields.phone,
        Email: fields.email,
        'Assistance needs': fields.assistanceNeeds,
        Notes: fields.notes,
      },
      // Read as a time of day, not stored as typed.
      ['Pickup date and time: time'],
    );
  });

  it('says when the name or the assistance needs reach their limit, as Notes does', async () => {
    stubPublicApi();
    const { user } = await openBookingPage();
    const name = screen.getByRole('textbox', { name: /Full name/ });
    await user.click(name);
    await user.paste('Alexandra '.repeat(13));
    expect(name).toHaveValue('Alexandra '.repeat(12));
    expect(name).toHaveAccessibleDescription('120 of 120 characters: the most it takes');

    const needs = screen.getByRole('textbox', { name: 'Assistance needs' });
    expect(needs).toHaveAccessibleDescription(/^Optional: e.g. walking frame/);
    await user.click(needs);
    await user.paste('w'.repeat(190));
    expect(needs).toHaveAccessibleDescription('190 of 200 characters');
  });

  it('reads a time typed the Australian way and says the pickup back in words', async () => {
    stubPublicApi();
    const { user } = await openBookingPage();
    await pickPickupTime(user, '1030');

    expect(await screen.findByText(/^\w{3}, \w{3} 15(, \d{4})?, 10:30 am$/)).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Pickup date and time: time' })).toHaveValue(
      '10:30 am',
    );
    await user.clear(screen.getByRole('textbox', { name: 'Pickup date and time: time' }));
    await user.type(screen.getByRole('textbox', { name: 'Pickup date and time: time' }), '25:00');
    expect(await screen.findByText(/Type a time like 10:30/)).toBeInTheDocument();
  });

  it('asks to confirm a pickup between midnight and 5 am before sending it', async () => {
    const fetchMock = stubPublicApi({ 'POST /api/online-bookings': () => json(201, BOOKED) });
    const { user } = await openBookingPage();
    await fillContactDetails(user);
    await user.clear(screen.getByRole('textbox', { name: 'Pickup date and time: time' }));
    await user.type(screen.getByRole('textbox', { name: 'Pickup date and time: time' }), '2:30');

    expect(
      await screen.findByText('This pickup is between midnight and 5 am.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request booking' }));
    expect(await screen.findByText('Confirm this pickup time (tick the box)')).toBeInTheDocument();
    expect(bookingRequests(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /^Yes, pickup \w{3}, \w{3} 15,/ }));
    await user.click(screen.getByRole('button', { name: 'Request booking' }));
    await waitFor(() => expect(bookingRequests(fetchMock)).toHaveLength(1));
    const body = bookingRequests(fetchMock)[0]?.body as { pickupTime: string };
    // 2:30 am in Perth is 18:30 UTC the day before.
    expect(body.pickupTime).toMatch(/^\d{4}-\d{2}-14T18:30:00\.000Z$/);
  });

  it('says why a child seat count is not taken instead of clamping it', async () => {
    stubPublicApi({});
    const { user } = await openBookingPage();
    const childSeats = screen.getByRole('textbox', { name: /Child seats/ });
    // Three passengers: a seat each at most (decision 82).
    expect(screen.getByText('How many to fit (up to 3); $5 fitting fee')).toBeInTheDocument();
    await user.clear(childSeats);
    await user.type(childSeats, '4');
    expect(await screen.findByText('At most 3')).toBeInTheDocument();
    await user.clear(childSeats);
    await user.type(childSeats, '9');
    expect(await screen.findByText('At most 3')).toBeInTheDocument();
    expect(childSeats).toHaveValue('9');
    await user.clear(childSeats);
    await user.type(childSeats, '-2');
    expect(await screen.findByText('Cannot be less than 0')).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Cannot be less than 0: kept 1')).toBeInTheDocument();
    expect(childSeats).toHaveValue('1');
  });

  it('sends one request with an Idempotency-Key, reads Sending... meanwhile, then shows the reference', async () => {
    const answer = deferred<Response>();
    const fetchMock = stubPublicApi({ 'POST /api/online-bookings': () => answer.promise });
    const { user } = await openBookingPage();
    // The calculator's Child Seats tick arrives as one seat; this family needs two.
    const childSeats = screen.getByRole('textbox', { name: /Child seats/ });
    expect(childSeats).toHaveValue('1');
    await user.clear(childSeats);
    await user.type(childSeats, '2');
    await fillContactDetails(user);
    await user.type(screen.getByRole('textbox', { name: /Assistance needs/ }), 'Guide dog');

    await user.dblClick(screen.getByRole('button', { name: 'Request booking' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    await user.click(sending);

    const requests = bookingRequests(fetchMock);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const body = request?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      pickupLocation: TEST_PLACES.airport.address,
      pickupLat: TEST_PLACES.airport.lat,
      pickupLng: TEST_PLACES.airport.lng,
      dropoffLocation: TEST_PLACES.fremantle.address,
      stops: [
        { location: TEST_PLACES.cbd.address, lat: TEST_PLACES.cbd.lat, lng: TEST_PLACES.cbd.lng },
      ],
      numPassengers: 3,
      largeSuitcases: 2,
      mediumSuitcases: 1,
      vehicleType: 'Multivan 6',
      childSeats: 2,
      options: {
        excessLuggage: false,
        sportingEquipment: true,
        oversizedItems: false,
        assistanceAnimal: false,
        mobilityAssistance: false,
        walkingAids: false,
      },
      passengerName: 'Alex Morgan',
      phone: '0412 345 678',
      email: 'alex@example.com',
      assistanceNeeds: 'Guide dog',
      notes: 'QF 642',
    });
    // The server routes and prices the trip itself: no figures of ours are sent.
    expect(body).not.toHaveProperty('distanceMeters');
    expect(body).not.toHaveProperty('durationSeconds');
    // 10:30 am in Perth (UTC+8, no daylight saving) is 02:30 UTC.
    expect(body.pickupTime).toMatch(/^\d{4}-\d{2}-15T02:30:00\.000Z$/);

    answer.resolve(json(201, BOOKED));

    expect(await screen.findByRole('heading', { name: 'Booking requested' })).toBeInTheDocument();
    expect(screen.getByText('K7P2QX')).toBeInTheDocument();
    expect(
      screen.getByText(/dispatch team will confirm your booking by phone/),
    ).toBeInTheDocument();
    expect(screen.getByText('Mar 15, 2031, 10:30 am (Perth time)')).toBeInTheDocument();
    expect(screen.getByText('$45.00')).toBeInTheDocument();
  });

  it('shows the server field errors under their inputs and keeps the key for the same form', async () => {
    let attempt = 0;
    const fetchMock = stubPublicApi({
      'POST /api/online-bookings': () => {
        attempt += 1;
        return attempt < 3
          ? apiError(400, 'INVALID', 'Some details need fixing', {
              phone: 'Enter an Australian mobile number',
              passengerName: 'Name is too long',
            })
          : json(201, BOOKED);
      },
    });
    const { user } = await openBookingPage();
    await fillContactDetails(user);

    await user.click(screen.getByRole('button', { name: 'Request booking' }));

    const phone = screen.getByRole('textbox', { name: /Mobile phone/ });
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(/Enter an Australian mobile number/),
    );
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveAccessibleDescription(
      /Name is too long/,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Request booking' }));
    await waitFor(() => expect(bookingRequests(fetchMock)).toHaveLength(2));

    await user.clear(phone);
    await user.type(phone, '+61 412 345 678');
    await user.click(screen.getByRole('button', { name: 'Request booking' }));
    expect(await screen.findByText('K7P2QX')).toBeInTheDocument();

    const keys = bookingRequests(fetchMock).map((request) => request.headers['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('names a refused field with no input on screen by its label, once, under a plain line', async () => {
    stubPublicApi({
      'POST /api/online-bookings': () =>
        apiError(
          400,
          'INVALID',
          'vehicleType: 7 passengers do not fit in the Standard HUG, which seats 4. Choose a larger vehicle.',
          {
            vehicleType:
              '7 passengers do not fit in the Standard HUG, which seats 4. Choose a larger vehicle.',
          },
        ),
    });
    const { user } = await openBookingPage();
    await fillContactDetails(user);

    await user.click(screen.getByRole('button', { name: 'Request booking' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Your booking was not sent:/);
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'Vehicle Type: 7 passengers do not fit in the Standard HUG, which seats 4. Choose a larger vehicle.',
    );
    expect(alert).not.toHaveTextContent('vehicleType');
  });

  it('shows other failures in a red box', async () => {
    stubPublicApi({
      'POST /api/online-bookings': () =>
        apiError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Try again in 1 minute.'),
    });
    const { user } = await openBookingPage();
    await fillContactDetails(user);

    await user.click(screen.getByRole('button', { name: 'Request booking' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again in 1 minute.',
    );
    expect(screen.getByRole('button', { name: 'Request booking' })).toBeEnabled();
  });
});

describe('booking page: a reload of the tab', () => {
  it('keeps what the visitor typed, and forgets it once the booking is made', async () => {
    stubPublicApi({ 'POST /api/online-bookings': () => json(201, BOOKED) });
    const first = await openBookingPage();
    await fillContactDetails(first.user);
    const childSeats = () => screen.getByRole('textbox', { name: /Child seats/ });
    await first.user.clear(childSeats());
    await first.user.type(childSeats(), '2');
    first.unmount();

    // The same tab opened again, as a reload does.
    const { user } = await openBookingPage();
    const name = screen.getByRole('textbox', { name: /Full name/ });
    await waitFor(() => expect(name).toHaveValue('Alex Morgan'));
    expect(screen.getByRole('textbox', { name: /Mobile phone/ })).toHaveValue('0412 345 678');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('alex@example.com');
    expect(screen.getByRole('textbox', { name: /Notes/ })).toHaveValue('QF 642');
    expect(screen.getByRole('textbox', { name: 'Pickup date and time: time' })).toHaveValue(
      '10:30 am',
    );
    expect(childSeats()).toHaveValue('2');

    await user.click(screen.getByRole('button', { name: 'Request booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking requested' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book another trip' }));
    cleanup();

    await openBookingPage();
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Notes/ })).toHaveValue('');
    // The link's own count: the calculator's tick, one seat.
    expect(childSeats()).toHaveValue('1');
  });
});

describe('booking page: a reload of the confirmation', () => {
  it('shows the reference and the trip again, with no form to send twice', async () => {
    const fetchMock = stubPublicApi({ 'POST /api/online-bookings': () => json(201, BOOKED) });
    const first = await openBookingPage();
    await fillContactDetails(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Request booking' }));
    expect(await screen.findByText('K7P2QX')).toBeInTheDocument();
    first.unmount();

    // The same tab reloaded.
    await openBookingPage();
    expect(await screen.findByRole('heading', { name: 'Booking requested' })).toHaveFocus();
    expect(screen.getByText('K7P2QX')).toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'Trip summary' });
    expect(within(summary).getByRole('row', { name: /^Pickup time/ })).toHaveTextContent(
      'Mar 15, 2031, 10:30 am (Perth time)',
    );
    expect(within(summary).getByRole('row', { name: /^Stop 1/ })).toHaveTextContent(
      TEST_PLACES.cbd.address,
    );
    expect(within(summary).getByRole('row', { name: /^Luggage/ })).toHaveTextContent(
      '2 large, 1 medium suitcases',
    );
    expect(screen.queryByRole('button', { name: 'Request booking' })).not.toBeInTheDocument();
    expect(bookingRequests(fetchMock)).toHaveLength(1);
  });

  it('forgets it once the customer books another trip, or opens /book for another one', async () => {
    stubPublicApi({ 'POST /api/online-bookings': () => json(201, BOOKED) });
    const first = await openBookingPage();
    await fillContactDetails(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Request booking' }));
    await first.user.click(await screen.findByRole('button', { name: 'Book another trip' }));
    // A new trip to plan, from an empty form.
    expect(await screen.findByRole('combobox', { name: 'Pickup' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('');
    expect(first.router.state.location.search).toBe('');
    first.unmount();

    await openBookingPage();
    expect(screen.getByRole('button', { name: 'Request booking' })).toBeInTheDocument();
    expect(screen.queryByText('K7P2QX')).not.toBeInTheDocument();
    cleanup();

    const second = await openBookingPage();
    await fillContactDetails(second.user);
    await second.user.click(screen.getByRole('button', { name: 'Request booking' }));
    expect(await screen.findByText('K7P2QX')).toBeInTheDocument();
    second.unmount();

    const otherTrip = new URLSearchParams(QUOTED_TRIP);
    otherTrip.set('passengers', '4');
    await openBookingPage(otherTrip.toString());
    expect(screen.getByRole('button', { name: 'Request booking' })).toBeInTheDocument();
    cleanup();
    await openBookingPage();
    expect(screen.getByRole('button', { name: 'Request booking' })).toBeInTheDocument();
  });
});

describe('booking page: a reload keeps the child seats', () => {
  it('puts back the count chosen for this trip, and not on another trip', async () => {
    stubPublicApi();
    const first = await openBookingPage();
    const childSeats = () => screen.getByRole('textbox', { name: /Child seats/ });
    // The link carries the calculator's tick, one seat; this family needs two.
    expect(childSeats()).toHaveValue('1');
    await first.user.clear(childSeats());
    await first.user.type(childSeats(), '2');
    first.unmount();

    await openBookingPage();
    await waitFor(() => expect(childSeats()).toHaveValue('2'));
    cleanup();

    const otherTrip = new URLSearchParams(QUOTED_TRIP);
    otherTrip.set('passengers', '4');
    await openBookingPage(otherTrip.toString());
    expect(childSeats()).toHaveValue('1');
  });

  it('puts back no seats when the visitor took the tick off', async () => {
    const fetchMock = stubPublicApi();
    const first = await openBookingPage();
    const childSeats = () => screen.getByRole('textbox', { name: /Child seats/ });
    await first.user.clear(childSeats());
    await first.user.type(childSeats(), '0');
    first.unmount();
    fetchMock.mockClear();

    await openBookingPage();
    await waitFor(() => expect(childSeats()).toHaveValue('0'));
    // Priced without the fitting fee, as before the reload.
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/quotes').at(-1)?.body).toMatchObject({
        childSeats: false,
      }),
    );
  });
});

describe('booking page: Change trip without a new fare', () => {
  it('asks for Calculate Fare when both places are filled, and for the places when one is not', async () => {
    const fetchMock = stubPublicApi();
    const { user } = await openBookingPage();
    await fillContactDetails(user);
    await user.click(screen.getByRole('button', { name: 'Change trip' }));
    const dropoff = screen.getByRole('combobox', { name: 'Dropoff' });
    await user.clear(dropoff);
    await user.type(dropoff, 'Perth CBD');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Request booking' }));
    expect(
      await screen.findByText('Press Calculate Fare to price your trip before booking.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Enter the pickup and dropoff and press Calculate Fare before booking.'),
    ).not.toBeInTheDocument();

    await user.clear(dropoff);
    await user.click(screen.getByRole('button', { name: 'Request booking' }));
    expect(
      await screen.findByText(
        'Enter the pickup and dropoff and press Calculate Fare before booking.',
      ),
    ).toBeInTheDocument();
    expect(bookingRequests(fetchMock)).toHaveLength(0);
  });
});
