import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { STANDARD_FULL_WARNING } from '../../../../domain/vehicles';
import {
  apiError,
  callsTo,
  deferred,
  json,
  stubPublicApi,
  TEST_PLACES,
  TEST_ROUTE,
  TEST_SETTINGS,
  testQuote,
} from '../../../test/public-api-stub';
import { renderApp } from '../../../test/render-app';
import type { RouteMapProps } from '../../maps/components/route-map';
import { loadAddressSuggestionsFirst } from '../../../test/address-suggestions';

loadAddressSuggestionsFirst();

// Leaflet needs a real browser; the map is a lazy module of its own. The
// stand-in says in words what the map would draw: its pins and its line.
vi.mock('../../maps/components/route-map', () => ({
  RouteMap: ({ markers, geometry }: RouteMapProps) => (
    <div role="region" aria-label="Route map">
      {markers.map((marker) => (
        <p key={marker.badge}>{`Pin ${marker.badge}: ${marker.place.address}`}</p>
      ))}
      {geometry && geometry.length > 1 ? <p>{`Route line: ${geometry.join(' ')}`}</p> : null}
    </div>
  ),
}));

// Whole journeys through lazy routes, debounced search and several requests:
// give them room on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

type User = ReturnType<typeof renderApp>['user'];

let alertSpy: MockInstance<(message?: unknown) => void>;
beforeEach(() => {
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  alertSpy.mockRestore();
  window.sessionStorage.clear();
});

async function openCalculator() {
  const view = renderApp(['/calculator']);
  // The first test also waits for the lazy route modules to load.
  await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' }, { timeout: 5000 });
  return view;
}

function routePanel() {
  return screen.getByRole('region', { name: 'Route' });
}

function vehicleSelect() {
  return screen.getByRole('combobox', { name: /Vehicle Type/ });
}

async function setCount(user: User, label: string, value: number) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  await user.type(input, String(value));
}

async function chooseAddress(user: User, label: string, text: string, option: string) {
  await user.type(screen.getByRole('combobox', { name: label }), text);
  await user.click(await screen.findByRole('option', { name: new RegExp(option) }));
}

async function calculateRoute(user: User) {
  await chooseAddress(user, 'Pickup', 'Perth Air', TEST_PLACES.airport.label);
  await chooseAddress(user, 'Dropoff', 'Fremantle', TEST_PLACES.fremantle.label);
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Dropoff' })).toHaveValue(
      TEST_PLACES.fremantle.address,
    ),
  );
  await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));
  await within(routePanel()).findByText('12.3 km');
}

describe('fare calculator: vehicle auto-selection', () => {
  it('starts with one passenger, no suitcases and a Standard HUG', async () => {
    stubPublicApi();
    await openCalculator();

    expect(screen.getByRole('textbox', { name: 'Passengers' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Large Suitcases' })).toHaveValue('0');
    expect(screen.getByRole('textbox', { name: 'Medium Suitcases' })).toHaveValue('0');
    expect(vehicleSelect()).toHaveValue('Standard HUG');
  });

  it('picks Multivan 6 for 5 passengers and Imax 7 for 7', async () => {
    stubPublicApi();
    const { user } = await openCalculator();

    await setCount(user, 'Passengers', 5);
    expect(vehicleSelect()).toHaveValue('Multivan 6');

    await setCount(user, 'Passengers', 7);
    expect(vehicleSelect()).toHaveValue('Imax 7');
  });

  it('picks Multivan 6 when Sporting Equipment is ticked', async () => {
    stubPublicApi();
    const { user } = await openCalculator();

    await user.click(screen.getByRole('checkbox', { name: 'Sporting Equipment' }));
    expect(vehicleSelect()).toHaveValue('Multivan 6');
  });

  it('keeps a vehicle picked by hand until passengers or luggage change', async () => {
    stubPublicApi();
    const { user } = await openCalculator();

    await user.selectOptions(vehicleSelect(), 'Imax 7');
    await user.click(screen.getByRole('checkbox', { name: 'Child Seats' }));
    await user.click(screen.getByRole('checkbox', { name: 'Assistance Animal' }));
    expect(vehicleSelect()).toHaveValue('Imax 7');

    await setCount(user, 'Medium Suitcases', 1);
    expect(vehicleSelect()).toHaveValue('Standard HUG');
  });

  it('warns with the exact text when 4 passengers travel in a Standard HUG', async () => {
    stubPublicApi();
    const { user } = await openCalculator();
    expect(screen.queryByText(STANDARD_FULL_WARNING)).not.toBeInTheDocument();

    await setCount(user, 'Passengers', 4);

    expect(vehicleSelect()).toHaveValue('Standard HUG');
    expect(screen.getByText(STANDARD_FULL_WARNING)).toBeInTheDocument();

    await user.selectOptions(vehicleSelect(), 'Multivan 6');
    expect(screen.queryByText(STANDARD_FULL_WARNING)).not.toBeInTheDocument();
  });

  it('says when the vehicle picked by hand cannot seat the passengers (decision 91)', async () => {
    stubPublicApi();
    const { user } = await openCalculator();
    await setCount(user, 'Passengers', 7);
    expect(vehicleSelect()).toHaveValue('Imax 7');
    await user.selectOptions(vehicleSelect(), 'Standard HUG');
    expect(
      screen.getByText(
        '7 passengers do not fit in the Standard HUG, which seats 4. Choose a larger vehicle.',
      ),
    ).toBeInTheDocument();
    await user.selectOptions(vehicleSelect(), 'Imax 7');
    expect(screen.queryByText(/do not fit/)).not.toBeInTheDocument();
  });

  it('shows the notes about assistance and excess luggage', async () => {
    stubPublicApi();
    await openCalculator();

    expect(
      screen.getByText('No extra charge for assistance animals or mobility aids.'),
    ).toBeInTheDocument();
    expect(screen.getByText('An excess luggage fee may apply.')).toBeInTheDocument();
    for (const label of [
      'Excess Luggage',
      'Oversized Items',
      'Mobility Assistance',
      'Walking Aids/Wheelchair/Walker',
    ]) {
      expect(screen.getByRole('checkbox', { name: new RegExp(label) })).not.toBeChecked();
    }
  });
});

describe('fare calculator: route', () => {
  it('enables Calculate Fare only once both pickup and dropoff are filled', async () => {
    stubPublicApi();
    const { user } = await openCalculator();
    const button = screen.getByRole('button', { name: 'Calculate Fare' });
    expect(button).toBeDisabled();

    await user.type(screen.getByRole('combobox', { name: 'Pickup' }), 'Perth CBD');
    expect(button).toBeDisabled();

    await user.type(screen.getByRole('combobox', { name: 'Dropoff' }), 'Fremantle');
    expect(button).toBeEnabled();
  });

  it('alerts that both locations are needed when Enter is pressed with only a pickup', async () => {
    stubPublicApi();
    const { user } = await openCalculator();
    const pickup = screen.getByRole('combobox', { name: 'Pickup' });
    await user.type(pickup, 'Perth CBD');
    await user.keyboard('{Escape}{Enter}');
    await waitFor(() =>
      expect(alertSpy).toHaveBeenCalledWith('Please enter both pickup and dropoff locations'),
    );
  });

  it('reads Calculating... while the route is on its way, then shows distance and duration', async () => {
    const answer = deferred<Response>();
    const fetchMock = stubPublicApi({ 'POST /api/routes': () => answer.promise });
    const { user } = await openCalculator();

    await chooseAddress(user, 'Pickup', 'Perth Air', TEST_PLACES.airport.label);
    // Typed, not chosen: the first suggestion for the text is used.
    await user.type(screen.getByRole('combobox', { name: 'Dropoff' }), 'Fremantle');
    await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));

    expect(await screen.findByRole('button', { name: 'Calculating...' })).toBeDisabled();
    answer.resolve(json(200, TEST_ROUTE));

    const panel = routePanel();
    expect(await within(panel).findByText('12.3 km')).toBeInTheDocument();
    expect(within(panel).getByText('Distance')).toBeInTheDocument();
    expect(within(panel).getByText('Duration')).toBeInTheDocument();
    expect(within(panel).getByText('25 min')).toBeInTheDocument();
    expect(within(panel).getByText('Estimated distance and time')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Calculate Fare' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Dropoff' })).toHaveValue(
      TEST_PLACES.fremantle.address,
    );

    const [routeCall] = callsTo(fetchMock, 'POST /api/routes');
    expect(routeCall?.body).toEqual({
      origin: { lat: TEST_PLACES.airport.lat, lng: TEST_PLACES.airport.lng },
      destination: { lat: TEST_PLACES.fremantle.lat, lng: TEST_PLACES.fremantle.lng },
      stopovers: [],
    });
  });

  it('sends stops in order as stopovers and removes a stop by its button', async () => {
    const fetchMock = stubPublicApi();
    const { user } = await openCalculator();

    await user.click(screen.getByRole('button', { name: 'Add Stop' }));
    expect(screen.getByRole('combobox', { name: 'Stop 1' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Add Stop' }));
    expect(screen.getByRole('combobox', { name: 'Stop 2' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove stop 1' }));
    expect(screen.getByRole('button', { name: 'Add Stop' })).toHaveFocus();
    expect(screen.queryByRole('combobox', { name: 'Stop 2' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Stop 1' }), 'Perth CBD');
    await user.type(screen.getByRole('combobox', { name: 'Pickup' }), 'Perth Airport');
    await user.type(screen.getByRole('combobox', { name: 'Dropoff' }), 'Fremantle');
    await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));
    await within(routePanel()).findByText('12.3 km');

    const [routeCall] = callsTo(fetchMock, 'POST /api/routes');
    expect(routeCall?.body).toMatchObject({
      stopovers: [{ lat: TEST_PLACES.cbd.lat, lng: TEST_PLACES.cbd.lng }],
    });
  });

  it('alerts and clears the fare when the route cannot be calculated', async () => {
    let routeFails = false;
    stubPublicApi({
      'POST /api/routes': () =>
        routeFails
          ? apiError(422, 'NO_ROUTE', 'No driving route between these places')
          : json(200, TEST_ROUTE),
    });
    const { user } = await openCalculator();
    await calculateRoute(user);
    const breakdown = screen.getByRole('table', { name: 'Price breakdown' });
    expect(await within(breakdown).findByText('$45.00')).toBeInTheDocument();

    routeFails = true;
    await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));

    await waitFor(() =>
      expect(alertSpy).toHaveBeenCalledWith(
        'Could not calculate route. Please check the addresses and try again.',
      ),
    );
    expect(screen.queryByText('12.3 km')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Price breakdown' })).not.toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: 'Book Now' })) {
      expect(button).toBeDisabled();
    }
  });

  it('alerts when a typed address matches no place', async () => {
    stubPublicApi();
    const { user } = await openCalculator();

    await user.type(screen.getByRole('combobox', { name: 'Pickup' }), 'Nowhere at all');
    await user.type(screen.getByRole('combobox', { name: 'Dropoff' }), 'Fremantle');
    await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));

    await waitFor(() =>
      expect(alertSpy).toHaveBeenCalledWith(
        'Could not calculate route. Please check the addresses and try again.',
      ),
    );
  });

  it('names under the field the typed address that matches no place, until it changes', async () => {
    stubPublicApi();
    const { user } = await openCalculator();
    const pickup = screen.getByRole('combobox', { name: 'Pickup' });
    const dropoff = screen.getByRole('combobox', { name: 'Dropoff' });

    await user.type(pickup, '12 Hay St Perth');
    await user.type(dropoff, 'Fremantle');
    await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));

    const message = 'No place found for "12 Hay St Perth": choose one from the suggestions.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(pickup).toHaveAccessibleDescription(message);
    expect(pickup).toBeInvalid();
    expect(dropoff).toBeValid();
    expect(alertSpy).toHaveBeenCalledWith(
      'Could not calculate route. Please check the addresses and try again.',
    );

    await user.type(pickup, ' 6000');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(pickup).toBeValid();
  });
});

describe('fare calculator: after Calculate Fare', () => {
  it('brings the fare into view, focuses it and says it', async () => {
    const scrollIntoView = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    stubPublicApi();
    const { user } = await openCalculator();
    await calculateRoute(user);

    const fare = screen.getByRole('region', { name: 'Price Breakdown' });
    await waitFor(() => expect(fare).toHaveFocus());
    expect(within(fare).getByRole('status')).toHaveTextContent('Rounded Fare $45.00');
    const scrolled = scrollIntoView.mock.contexts;
    expect(scrolled.at(-1)).toBe(fare);
    expect(scrollIntoView).toHaveBeenLastCalledWith({ block: 'nearest', behavior: 'smooth' });

    // A re-priced option is said again, but leaves the focus where the visitor is.
    const calls = scrollIntoView.mock.calls.length;
    await user.click(screen.getByRole('checkbox', { name: 'Child Seats' }));
    await waitFor(() =>
      expect(within(fare).getByRole('status')).toHaveTextContent('Rounded Fare $50.00'),
    );
    expect(screen.getByRole('checkbox', { name: 'Child Seats' })).toHaveFocus();
    expect(scrollIntoView.mock.calls).toHaveLength(calls);
    scrollIntoView.mockRestore();
  });

  it('jumps rather than glides when the visitor asks for reduced motion', async () => {
    const scrollIntoView = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
        }) as unknown as MediaQueryList,
    );
    stubPublicApi();
    const { user } = await openCalculator();
    await calculateRoute(user);

    const fare = screen.getByRole('region', { name: 'Price Breakdown' });
    await waitFor(() => expect(fare).toHaveFocus());
    expect(scrollIntoView).toHaveBeenLastCalledWith({ block: 'nearest', behavior: 'auto' });
    matchMedia.mockRestore();
    scrollIntoView.mockRestore();
  });

  it('focuses the alert when the fare cannot be priced', async () => {
    stubPublicApi({
      'POST /api/quotes': () => apiError(503, 'UNAVAILABLE', 'Pricing is unavailable'),
    });
    const { user } = await openCalculator();
    await calculateRoute(user);

    const fare = screen.getByRole('region', { name: 'Price Breakdown' });
    expect(await within(fare).findByRole('alert', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(fare).toHaveFocus());
  });
});

describe('fare calculator: price breakdown', () => {
  it("shows the server quote's numbers in AUD, with child seat installation when ticked", async () => {
    const fetchMock = stubPublicApi();
    const { user } = await openCalculator();
    await calculateRoute(user);

    const breakdown = await screen.findByRole('table', { name: 'Price breakdown' });
    const amountOf = (label: string) =>
      within(within(breakdown).getByRole('row', { name: new RegExp(label) })).getByRole('cell')
        .textContent;
    await waitFor(() => expect(amountOf('Base Rate')).toBe('$5.00'));
    expect(amountOf('Distance Cost')).toBe('$22.53');
    expect(amountOf('Time Cost')).toBe('$12.50');
    expect(amountOf('Calculated Fare')).toBe('$40.03');
    expect(amountOf('Rounded Fare')).toBe('$45.00');
    expect(within(breakdown).queryByText('Child Seat Installation')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Child Seats' }));

    await waitFor(() => expect(amountOf('Child Seat Installation')).toBe('$5.00'));
    expect(amountOf('Calculated Fare')).toBe('$45.03');
    expect(amountOf('Rounded Fare')).toBe('$50.00');
    expect(callsTo(fetchMock, 'POST /api/quotes').at(-1)?.body).toEqual({
      distanceMeters: TEST_ROUTE.distanceMeters,
      durationSeconds: TEST_ROUTE.durationSeconds,
      vehicleType: 'Standard HUG',
      childSeats: true,
    });
  });

  it('re-prices when the vehicle changes and notes an applied minimum fare', async () => {
    stubPublicApi({
      'POST /api/quotes': ({ body }) => {
        const { vehicleType } = body as { vehicleType: 'Multivan 6' | 'Standard HUG' };
        return json(
          200,
          vehicleType === 'Multivan 6'
            ? testQuote({
                vehicleType,
                calculatedFare: 50,
                roundedFare: 50,
                minimumFare: 50,
                minimumApplied: true,
              })
            : testQuote(),
        );
      },
    });
    const { user } = await openCalculator();
    await calculateRoute(user);
    expect(await screen.findByText('$45.00')).toBeInTheDocument();
    expect(screen.queryByText(/Minimum fare of/)).not.toBeInTheDocument();

    await user.selectOptions(vehicleSelect(), 'Multivan 6');

    expect(await screen.findByText('Minimum fare of $50.00 applies')).toBeInTheDocument();
  });

  it('shows the estimate card and links Book Now to /book with the quote', async () => {
    const { user, router } = await (async () => {
      stubPublicApi();
      return openCalculator();
    })();
    expect(screen.getAllByRole('button', { name: 'Book Now' })).toHaveLength(2);
    await setCount(user, 'Passengers', 2);
    await setCount(user, 'Large Suitcases', 1);
    await calculateRoute(user);

    const estimate = screen.getByRole('heading', { name: 'Fare Estimate' }).closest('div')!;
    expect(await within(estimate).findByText('$40.00')).toBeInTheDocument();
    expect(
      within(estimate).getByText('Final fare may vary based on actual route and conditions'),
    ).toBeInTheDocument();
    expect(within(estimate).getByText('2 passengers')).toBeInTheDocument();
    expect(within(estimate).getByText('1 large suitcase')).toBeInTheDocument();

    const links = screen.getAllByRole('link', { name: 'Book Now' });
    expect(links).toHaveLength(2);
    const href = new URL(links[0]!.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/book');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      pickup: TEST_PLACES.airport.address,
      pickupLat: String(TEST_PLACES.airport.lat),
      dropoff: TEST_PLACES.fremantle.address,
      vehicle: 'Standard HUG',
      passengers: '2',
      large: '1',
      medium: '0',
      distanceMeters: '12345',
      durationSeconds: '1490',
    });

    await user.click(links[0]!);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book a ride' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/book');
  });
});

describe('fare calculator: trips that cannot be booked online', () => {
  const TOO_FAR = { ...TEST_ROUTE, distanceMeters: 4_265_100, durationSeconds: 181_320 };
  const DEFAULT_CONTACT = `Please call ${TEST_SETTINGS.business.name} on (08) 9000 0000 to arrange it.`;

  function bookNowButtons() {
    return screen.getAllByRole('button', { name: 'Book Now' });
  }

  it('asks for no quote past 2,000 km: says so in words, names whom to call and disables Book Now', async () => {
    const fetchMock = stubPublicApi({ 'POST /api/routes': () => json(200, TOO_FAR) });
    const { user } = await openCalculator();
    await chooseAddress(user, 'Pickup', 'Perth Air', TEST_PLACES.airport.label);
    await chooseAddress(user, 'Dropoff', 'Fremantle', TEST_PLACES.fremantle.label);
    await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));

    const fare = screen.getByRole('region', { name: 'Price Breakdown' });
    const notice = await within(fare).findByRole('alert');
    expect(notice).toHaveTextContent(
      `This trip is over 2,000 km, too long to price online. ${DEFAULT_CONTACT}`,
    );
    await waitFor(() => expect(fare).toHaveFocus());
    expect(within(fare).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(bookNowButtons()).toHaveLength(2);
    for (const button of bookNowButtons()) expect(button).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/quotes')).toHaveLength(0);
  });

  it('says a refused quote in a plain sentence, without the field name or Try again', async () => {
    stubPublicApi({
      'POST /api/quotes': () =>
        apiError(400, 'invalid_input', 'durationSeconds: must be at most 172800', {
          durationSeconds: 'must be at most 172800',
        }),
    });
    const { user } = await openCalculator();
    await calculateRoute(user);

    const fare = screen.getByRole('region', { name: 'Price Breakdown' });
    expect(await within(fare).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      `This trip could not be priced online. ${DEFAULT_CONTACT}`,
    );
    expect(fare).not.toHaveTextContent(/durationSeconds|172800/);
    expect(within(fare).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('prices a vehicle picked by hand that cannot seat the passengers, but disables Book Now until it can (decision 91)', async () => {
    stubPublicApi();
    const { user } = await openCalculator();
    await setCount(user, 'Passengers', 7);
    await user.selectOptions(vehicleSelect(), 'Standard HUG');
    await calculateRoute(user);

    const breakdown = await screen.findByRole('table', { name: 'Price breakdown' });
    expect(await within(breakdown).findByText('$45.00')).toBeInTheDocument();
    expect(vehicleSelect()).toHaveAccessibleDescription(
      expect.stringContaining(
        '7 passengers do not fit in the Standard HUG, which seats 4. Choose a larger vehicle.',
      ),
    );
    for (const button of bookNowButtons()) expect(button).toBeDisabled();

    await user.selectOptions(vehicleSelect(), 'Imax 7');
    expect(await screen.findAllByRole('link', { name: 'Book Now' })).toHaveLength(2);
  });
});

describe('fare calculator: back from /book', () => {
  it('puts back the places, options and fare the visitor left, until the route is touched', async () => {
    stubPublicApi();
    const { user, router } = await openCalculator();
    await setCount(user, 'Passengers', 3);
    await user.click(screen.getByRole('checkbox', { name: 'Child Seats' }));
    await calculateRoute(user);
    const fare = () => screen.getByRole('region', { name: 'Price Breakdown' });
    expect(await within(fare()).findByText('$50.00')).toBeInTheDocument();

    await user.click(screen.getAllByRole('link', { name: 'Book Now' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Book a ride' });
    await router.navigate(-1);
    await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' });

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveValue(
        TEST_PLACES.airport.address,
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Dropoff' })).toHaveValue(
      TEST_PLACES.fremantle.address,
    );
    expect(screen.getByRole('textbox', { name: 'Passengers' })).toHaveValue('3');
    expect(screen.getByRole('checkbox', { name: 'Child Seats' })).toBeChecked();
    expect(await within(fare()).findByText('$50.00')).toBeInTheDocument();
    expect(within(fare()).getByText('Child Seat Installation')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Book Now' })).toHaveLength(2);

    // A fare is never shown for places other than the ones on screen.
    await user.type(screen.getByRole('combobox', { name: 'Dropoff' }), ' Port');
    expect(screen.queryByRole('table', { name: 'Price breakdown' })).not.toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: 'Book Now' })) {
      expect(button).toBeDisabled();
    }
  });

  const SNAPSHOT_KEY = 'perth-chauffeur-ops:calculator';
  const ROUTE_LINE = `Route line: ${TEST_ROUTE.geometry.join(' ')}`;

  async function bookNowThenBack(user: User, router: ReturnType<typeof renderApp>['router']) {
    await user.click(screen.getAllByRole('link', { name: 'Book Now' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Book a ride' });
    await router.navigate(-1);
    await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveValue(
        TEST_PLACES.airport.address,
      ),
    );
  }

  it('puts back the route the fare was priced on: distance, duration, line and pins', async () => {
    const fetchMock = stubPublicApi();
    const { user, router } = await openCalculator();
    await calculateRoute(user);
    expect(await within(routePanel()).findByText(ROUTE_LINE)).toBeInTheDocument();

    await bookNowThenBack(user, router);

    const panel = routePanel();
    expect(within(panel).getByText('Distance')).toBeInTheDocument();
    expect(within(panel).getByText('12.3 km')).toBeInTheDocument();
    expect(within(panel).getByText('Duration')).toBeInTheDocument();
    expect(within(panel).getByText('25 min')).toBeInTheDocument();
    expect(within(panel).getByText('Estimated distance and time')).toBeInTheDocument();
    const map = within(panel).getByRole('region', { name: 'Route map' });
    expect(within(map).getByText(ROUTE_LINE)).toBeInTheDocument();
    expect(within(map).getByText(`Pin P: ${TEST_PLACES.airport.address}`)).toBeInTheDocument();
    expect(within(map).getByText(`Pin D: ${TEST_PLACES.fremantle.address}`)).toBeInTheDocument();
    const fare = screen.getByRole('region', { name: 'Price Breakdown' });
    expect(await within(fare).findByText('$45.00')).toBeInTheDocument();
    // The very route priced, not asked of the maps service again; priced on its numbers.
    expect(callsTo(fetchMock, 'POST /api/routes')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/quotes').at(-1)?.body).toMatchObject({
      distanceMeters: TEST_ROUTE.distanceMeters,
      durationSeconds: TEST_ROUTE.durationSeconds,
    });
    // Not taken to the fare: the calculator stays where the visitor left it.
    expect(fare).not.toHaveFocus();
  });

  it('drops the restored route and fare when a place changes, and calculates anew', async () => {
    const toCbd = {
      ...TEST_ROUTE,
      distanceMeters: 20_400,
      durationSeconds: 1_800,
      geometry: [
        [TEST_PLACES.airport.lat, TEST_PLACES.airport.lng],
        [TEST_PLACES.cbd.lat, TEST_PLACES.cbd.lng],
      ],
      isEstimate: false,
    } satisfies typeof TEST_ROUTE;
    const fetchMock = stubPublicApi({
      'POST /api/routes': ({ body }) => {
        const { destination } = body as { destination: { lat: number } };
        return json(200, destination.lat === TEST_PLACES.cbd.lat ? toCbd : TEST_ROUTE);
      },
    });
    const { user, router } = await openCalculator();
    await calculateRoute(user);
    await bookNowThenBack(user, router);
    expect(within(routePanel()).getByText(ROUTE_LINE)).toBeInTheDocument();

    await user.clear(screen.getByRole('combobox', { name: 'Dropoff' }));

    const panel = routePanel();
    expect(within(panel).queryByText('Distance')).not.toBeInTheDocument();
    expect(within(panel).queryByText(ROUTE_LINE)).not.toBeInTheDocument();
    expect(within(panel).queryByText(/^Pin D:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Price breakdown' })).not.toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: 'Book Now' })) {
      expect(button).toBeDisabled();
    }

    await chooseAddress(user, 'Dropoff', 'Perth CBD', TEST_PLACES.cbd.label);
    await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));

    expect(await within(panel).findByText('20.4 km')).toBeInTheDocument();
    expect(within(panel).getByText('30 min')).toBeInTheDocument();
    expect(within(panel).getByText(`Route line: ${toCbd.geometry.join(' ')}`)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/routes')).toHaveLength(2);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/quotes').at(-1)?.body).toMatchObject({
        distanceMeters: toCbd.distanceMeters,
        durationSeconds: toCbd.durationSeconds,
      }),
    );
  });

  it.each([
    ['saved by the older build, without the line', undefined],
    ['whose line is not a list of points', [[-31.9, 'east']]],
    ['whose line is not a list', 'rubbish'],
  ])('puts back all but the line from a value %s', async (_case, geometry) => {
    const fetchMock = stubPublicApi();
    const { user, router } = await openCalculator();
    await calculateRoute(user);
    await user.click(screen.getAllByRole('link', { name: 'Book Now' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Book a ride' });
    const stored = JSON.parse(window.sessionStorage.getItem(SNAPSHOT_KEY)!) as Record<
      string,
      unknown
    >;
    expect(stored.geometry).toEqual(TEST_ROUTE.geometry);
    window.sessionStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ ...stored, geometry }));

    await router.navigate(-1);
    await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Dropoff' })).toHaveValue(
        TEST_PLACES.fremantle.address,
      ),
    );

    const panel = routePanel();
    expect(within(panel).getByText('12.3 km')).toBeInTheDocument();
    expect(within(panel).getByText('25 min')).toBeInTheDocument();
    expect(within(panel).getByText(`Pin P: ${TEST_PLACES.airport.address}`)).toBeInTheDocument();
    expect(within(panel).queryByText(/^Route line/)).not.toBeInTheDocument();
    const fare = screen.getByRole('region', { name: 'Price Breakdown' });
    expect(await within(fare).findByText('$45.00')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/routes')).toHaveLength(1);
  });

  it('starts empty when the kept value is not a calculator at all', async () => {
    stubPublicApi();
    const { user, router } = await openCalculator();
    await calculateRoute(user);
    await user.click(screen.getAllByRole('link', { name: 'Book Now' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Book a ride' });
    window.sessionStorage.setItem(SNAPSHOT_KEY, 'null');

    await router.navigate(-1);
    await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' });

    expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveValue('');
    expect(within(routePanel()).queryByText('Distance')).not.toBeInTheDocument();
  });

  it('starts empty on a new visit to the calculator', async () => {
    stubPublicApi();
    const { user, router } = await openCalculator();
    await setCount(user, 'Passengers', 3);
    await calculateRoute(user);

    await router.navigate('/book');
    await screen.findByRole('heading', { level: 1, name: 'Book a ride' });
    await router.navigate('/calculator');
    await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' });

    expect(screen.getByRole('combobox', { name: 'Pickup' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Passengers' })).toHaveValue('1');
  });
});
