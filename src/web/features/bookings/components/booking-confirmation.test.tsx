import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { json, stubPublicApi, TEST_PLACES, TEST_SETTINGS } from '../../../test/public-api-stub';
import { DEFAULT_TRIP_OPTIONS } from '../../fares/utils/trip-options';
import type { OnlineBooking } from '../api/create-online-booking';
import { BookingConfirmation } from './booking-confirmation';

const BOOKING: OnlineBooking = {
  id: '5b7f6a1e-8a0e-4a55-9d8f-3c1f1c2a9e10',
  reference: 'K7P2QX',
  status: 'pending',
  pickupTime: '2031-03-15T02:30:00.000Z',
  pickupLocation: TEST_PLACES.airport.address,
  dropoffLocation: TEST_PLACES.fremantle.address,
  vehicleType: 'Standard HUG',
  fareAmount: 45,
  numPassengers: 1,
  distanceMeters: 23_400,
  durationSeconds: 1_860,
};

function renderConfirmation(booking: OnlineBooking = BOOKING) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <BookingConfirmation
        booking={booking}
        trip={{
          pickup: TEST_PLACES.airport,
          dropoff: TEST_PLACES.fremantle,
          stops: [],
          options: DEFAULT_TRIP_OPTIONS,
          route: { distanceMeters: 12345, durationSeconds: 1490 },
        }}
        onBookAnother={() => {}}
      />
    </AppProviders>,
  );
}

describe('BookingConfirmation', () => {
  it('names the business as Settings → Business calls it, with its phone', async () => {
    stubPublicApi({
      'GET /api/public-settings': () =>
        json(200, {
          ...TEST_SETTINGS,
          business: {
            ...TEST_SETTINGS.business,
            name: 'Swan River Limousines',
            phone: '08 6111 2222',
          },
        }),
    });
    renderConfirmation();
    expect(
      await screen.findByText(
        /^Thank you for booking with Swan River Limousines\. Our dispatch team will confirm your booking by phone shortly\. Questions\? Call us on \(08\) 6111 2222\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Perth Chauffeur Ops/)).not.toBeInTheDocument();
  });

  it('writes the business phone as Australian numbers are written (decision 188)', async () => {
    stubPublicApi();
    expect(TEST_SETTINGS.business.phone).toBe('+61 8 9000 0000');
    renderConfirmation();
    expect(
      await screen.findByText(/Questions\? Call us on \(08\) 9000 0000\.$/),
    ).toBeInTheDocument();
  });

  it('shows the route the fare was priced on, not the one the link carried', async () => {
    stubPublicApi();
    renderConfirmation();
    const route = await screen.findByRole('row', { name: /^Route/ });
    expect(route).toHaveTextContent('Route23.4 km, 31 min');
  });

  it("shows the link's route when the server could work out none", async () => {
    stubPublicApi();
    renderConfirmation({ ...BOOKING, fareAmount: 0, distanceMeters: null, durationSeconds: null });
    const route = await screen.findByRole('row', { name: /^Route/ });
    expect(route).toHaveTextContent('Route12.3 km, 25 min');
  });
});
