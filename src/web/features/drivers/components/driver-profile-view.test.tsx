import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DriverProfile } from '../../../../domain/admin';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import { TEST_SETTINGS } from '../../../test/public-api-stub';
import { driverProfile } from '../../../test/driver-fixtures';
import { DriverProfileView } from './driver-profile-view';

// Just after midnight on 26 November in Perth, still the 25th in UTC and west of it.
const LATE_EVENING_UTC = '2026-11-25T17:30:00.000Z';

const PROFILE: DriverProfile = driverProfile({
  totalTrips: 1,
  joinDate: LATE_EVENING_UTC,
  recentTrips: [
    {
      id: 'booking-1',
      reference: 'ABC123',
      pickupTime: LATE_EVENING_UTC,
      pickupLocation: 'Perth Airport',
      dropoffLocation: 'Fremantle',
      passengerName: 'Pat Passenger',
      fareCents: 8000,
    },
  ],
});

afterEach(() => vi.unstubAllGlobals());

function renderProfile(driver: DriverProfile) {
  stubApi({
    'GET /api/public-settings': () => jsonResponse(200, TEST_SETTINGS),
    [`GET /api/drivers/${driver.id}/documents`]: () =>
      jsonResponse(200, { documents: [], requirements: [] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <DriverProfileView driver={driver} />
    </AppProviders>,
  );
}

describe("a driver's profile", () => {
  it.each(['UTC', 'America/Los_Angeles'])(
    "shows the join date and trip dates on the business's calendar in a browser set to %s",
    async (zone) => {
      vi.stubEnv('TZ', zone);
      stubApi({
        'GET /api/public-settings': () =>
          jsonResponse(200, { ...TEST_SETTINGS, timeZone: 'Australia/Perth' }),
        'GET /api/drivers/driver-1/documents': () =>
          jsonResponse(200, { documents: [], requirements: [] }),
      });
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <AppProviders queryClient={queryClient} env="test">
          <DriverProfileView driver={PROFILE} />
        </AppProviders>,
      );
      const joined = (await screen.findByText('Joined')).parentElement!;
      expect(within(joined).getByText('Nov 26, 2026')).toBeInTheDocument();
      const trip = screen.getByText('Pat Passenger').closest('tr')!;
      expect(within(trip).getByText('Nov 26, 2026')).toBeInTheDocument();
      vi.unstubAllEnvs();
    },
  );

  it("words the current vehicle as the roster does: the open shift's, else none with the usual one", async () => {
    const car = {
      id: 'v1',
      registration: '1ABC 234',
      type: 'Multivan 6' as const,
      make: 'Volkswagen',
      model: 'Multivan',
    };
    renderProfile(driverProfile({ isOnShift: false, vehicle: car, vehicleTakenBy: 'Mia Tran' }));
    const fact = (await screen.findByText('Current vehicle')).parentElement!;
    expect(within(fact).getByText('None')).toBeInTheDocument();
    expect(within(fact).getByText('usually 1ABC 234, now driven by Mia Tran')).toBeInTheDocument();
    expect(within(fact).queryByText(/Volkswagen/)).not.toBeInTheDocument();
  });
});
