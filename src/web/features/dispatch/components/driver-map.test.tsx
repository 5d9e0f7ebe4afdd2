import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Driver } from '../../../../domain/drivers/api';
import { AppProviders } from '../../../app/providers';
import { DriverMap } from './driver-map';

// Leaflet draws nothing in jsdom: the stand-in lists the markers it is given.
vi.mock('./leaflet-driver-map', () => ({
  default: ({ drivers }: { drivers: Driver[] }) => (
    <ul aria-label="Markers">
      {drivers.map((driver) => (
        <li key={driver.id}>
          {driver.firstName} {driver.status}
        </li>
      ))}
    </ul>
  ),
}));

const AT = '2030-01-01T00:00:00.000Z';
function driver(id: string, overrides: Partial<Driver>): Driver {
  return {
    id,
    userId: null,
    firstName: id,
    lastName: 'Driver',
    email: null,
    phone: null,
    rating: null,
    status: 'active',
    availability: 'free',
    location: { lat: -31.95, lng: 115.86, updatedAt: AT, isStale: false },
    vehicle: null,
    createdAt: AT,
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

function renderMap(drivers: Driver[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ error: { message: 'offline' } }), { status: 503 }),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <DriverMap drivers={drivers} filter="all" onFilterChange={() => undefined} pickup={null} />
    </AppProviders>,
  );
}

describe('the dispatch driver map', () => {
  it('draws suspended drivers beside the active ones and names every suspended driver', async () => {
    renderMap([
      driver('Ava', {}),
      driver('Sam', { status: 'suspended', availability: 'away' }),
      driver('Una', { status: 'suspended', availability: 'away', location: null }),
      driver('Otto', { status: 'offline', availability: 'away' }),
    ]);
    const markers = await screen.findByRole('list', { name: 'Markers' });
    expect(markers).toHaveTextContent('Ava active');
    expect(markers).toHaveTextContent('Sam suspended');
    expect(markers).not.toHaveTextContent('Una');
    expect(markers).not.toHaveTextContent('Otto');
    expect(screen.getByText('Suspended: Sam Driver, Una Driver')).toBeInTheDocument();
  });

  it('shows no suspended line when nobody is suspended', async () => {
    renderMap([driver('Ava', {})]);
    await screen.findByRole('list', { name: 'Markers' });
    expect(screen.queryByText(/^Suspended:/)).not.toBeInTheDocument();
  });
});
