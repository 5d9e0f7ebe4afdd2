import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  json,
  stubPublicApi,
  TEST_PLACES,
  TEST_ROUTE,
  TEST_SETTINGS,
} from '../../../test/public-api-stub';
import { renderApp } from '../../../test/render-app';
import { loadAddressSuggestionsFirst } from '../../../test/address-suggestions';

loadAddressSuggestionsFirst();

vi.mock('../../maps/components/route-map', () => ({
  RouteMap: () => <div role="region" aria-label="Route map" />,
}));

// Whole journeys through lazy routes, debounced search and several requests:
// give them room on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('widget', () => {
  it('prices a route without the app chrome and opens Book Now in a new tab', async () => {
    stubPublicApi();
    const { user } = renderApp(['/widget']);
    await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' }, { timeout: 5000 });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();

    const passengers = screen.getByRole('textbox', { name: 'Passengers' });
    await user.clear(passengers);
    await user.type(passengers, '5');
    expect(screen.getByRole('combobox', { name: 'Vehicle Type' })).toHaveValue('Multivan 6');

    await user.type(screen.getByRole('combobox', { name: 'Pickup' }), 'Perth Airport');
    await user.type(screen.getByRole('combobox', { name: 'Dropoff' }), 'Fremantle');
    await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));

    expect(await screen.findByText('$45.00')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Book Now/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin).toBe(window.location.origin);
    expect(href.pathname).toBe('/book');
    expect(href.searchParams.get('pickup')).toBe(TEST_PLACES.airport.address);
    expect(href.searchParams.get('vehicle')).toBe('Multivan 6');
    expect(href.searchParams.get('passengers')).toBe('5');
    expect(within(link).getByText('(opens in a new tab)', { exact: false })).toBeInTheDocument();
  });

  it('takes the focus to the fare after Calculate Fare', async () => {
    stubPublicApi();
    const { user } = renderApp(['/widget']);
    await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' }, { timeout: 5000 });
    await user.type(screen.getByRole('combobox', { name: 'Pickup' }), 'Perth Airport');
    await user.type(screen.getByRole('combobox', { name: 'Dropoff' }), 'Fremantle');
    // Enter in the field calculates, once the suggestions are closed.
    await user.keyboard('{Escape}{Enter}');

    const fare = await screen.findByText('$45.00');
    await waitFor(() => expect(fare.closest('[aria-live]')).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('link', { name: /Book Now/ })).toHaveFocus();
  });

  it('says a trip past 2,000 km is too long to price online, asks for no quote and disables Book Now', async () => {
    const fetchMock = stubPublicApi({
      'POST /api/routes': () =>
        json(200, { ...TEST_ROUTE, distanceMeters: 4_265_100, durationSeconds: 181_320 }),
    });
    const { user } = renderApp(['/widget']);
    await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' }, { timeout: 5000 });
    await user.type(screen.getByRole('combobox', { name: 'Pickup' }), 'Perth Airport');
    await user.type(screen.getByRole('combobox', { name: 'Dropoff' }), 'Fremantle');
    await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `This trip is over 2,000 km, too long to price online. Please call ${TEST_SETTINGS.business.name} on (08) 9000 0000 to arrange it.`,
    );
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /api/quotes')).toHaveLength(0);
  });

  it('says at the field when the vehicle picked by hand cannot seat the passengers, and disables Book Now', async () => {
    stubPublicApi();
    const { user } = renderApp(['/widget']);
    await screen.findByRole('heading', { level: 1, name: 'Fare Calculator' }, { timeout: 5000 });
    const passengers = screen.getByRole('textbox', { name: 'Passengers' });
    await user.clear(passengers);
    await user.type(passengers, '7');
    const vehicle = screen.getByRole('combobox', { name: 'Vehicle Type' });
    expect(vehicle).toHaveValue('Imax 7');
    await user.selectOptions(vehicle, 'Standard HUG');
    expect(vehicle).toHaveAccessibleDescription(
      '7 passengers do not fit in the Standard HUG, which seats 4. Choose a larger vehicle.',
    );

    await user.type(screen.getByRole('combobox', { name: 'Pickup' }), 'Perth Airport');
    await user.type(screen.getByRole('combobox', { name: 'Dropoff' }), 'Fremantle');
    await user.click(screen.getByRole('button', { name: 'Calculate Fare' }));
    expect(await screen.findByText('$45.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();

    await user.selectOptions(vehicle, 'Imax 7');
    expect(vehicle).not.toHaveAccessibleDescription(expect.stringContaining('do not fit'));
    expect(await screen.findByRole('link', { name: /Book Now/ })).toBeInTheDocument();
  });
});
