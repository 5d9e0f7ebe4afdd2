import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Driver } from '../../../../domain/drivers/api';
import LeafletDriverMap from './leaflet-driver-map';

function driver(id: string, firstName: string, lat: number, lng: number): Driver {
  return {
    id,
    userId: null,
    firstName,
    lastName: 'Driver',
    email: null,
    phone: null,
    rating: 4.5,
    status: 'active',
    availability: 'free',
    location: { lat, lng, updatedAt: '2030-01-01T00:00:00.000Z', isStale: false },
    vehicle: null,
    createdAt: '2030-01-01T00:00:00.000Z',
  };
}

const DAN = driver('d1', 'Dan', -31.95, 115.86);
const EVE = driver('d2', 'Eve', -32.05, 115.75);

describe('the dispatch map', () => {
  it('opens the popup of the driver opened from Search, and no other', async () => {
    render(
      <div style={{ height: 400, width: 600 }}>
        <LeafletDriverMap tileUrl={null} drivers={[DAN, EVE]} pickup={null} focusDriverId="d2" />
      </div>,
    );
    expect(await screen.findByText('Eve Driver')).toBeInTheDocument();
    expect(screen.queryByText('Dan Driver')).toBeNull();
  });

  it('opens no popup without a driver to focus', async () => {
    render(<LeafletDriverMap tileUrl={null} drivers={[DAN, EVE]} pickup={null} />);
    expect(await screen.findByRole('img', { name: 'Dan Driver (free)' })).toBeInTheDocument();
    expect(screen.queryByText('Eve Driver')).toBeNull();
  });
});
