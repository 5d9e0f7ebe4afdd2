import { render, screen, within } from '@testing-library/react';
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

async function waitForPopup(container: HTMLElement): Promise<HTMLElement> {
  await screen.findAllByText('Eve Driver');
  const popup = container.querySelector<HTMLElement>('.leaflet-popup');
  if (!popup) throw new Error('No popup open');
  return popup;
}

const DAN = driver('d1', 'Dan', -31.95, 115.86);
const EVE = driver('d2', 'Eve', -32.05, 115.75);

describe('the dispatch map', () => {
  it('opens the popup of the driver opened from Search, and no other', async () => {
    const { container } = render(
      <div style={{ height: 400, width: 600 }}>
        <LeafletDriverMap tileUrl={null} drivers={[DAN, EVE]} pickup={null} focusDriverId="d2" />
      </div>,
    );
    const popup = await waitForPopup(container);
    expect(within(popup).getByText('Eve Driver')).toBeInTheDocument();
    expect(within(popup).queryByText('Dan Driver')).toBeNull();
    expect(container.querySelectorAll('.leaflet-popup')).toHaveLength(1);
  });

  it('opens no popup without a driver to focus', async () => {
    const { container } = render(
      <LeafletDriverMap tileUrl={null} drivers={[DAN, EVE]} pickup={null} />,
    );
    expect(await screen.findByRole('img', { name: 'Dan Driver (free)' })).toBeInTheDocument();
    expect(container.querySelector('.leaflet-popup')).toBeNull();
  });

  it("writes each driver's name beside their marker, not only in the popup", async () => {
    const stale = {
      ...DAN,
      id: 'd3',
      firstName: 'Sam',
      location: { ...DAN.location!, isStale: true },
    };
    const suspended = { ...EVE, id: 'd4', firstName: 'Sue', status: 'suspended' as const };
    render(<LeafletDriverMap tileUrl={null} drivers={[DAN, stale, suspended]} pickup={null} />);
    expect(await screen.findByText('Dan Driver')).toBeInTheDocument();
    expect(screen.getByText('Sam Driver · stale')).toBeInTheDocument();
    expect(screen.getByText('Sue Driver · suspended')).toBeInTheDocument();
  });

  it("names the pickup marker 'Pickup: <address>', not 'P'", async () => {
    render(
      <LeafletDriverMap
        tileUrl={null}
        drivers={[]}
        pickup={{ lat: -31.95, lng: 115.86, label: 'Crown Towers Perth, Burswood' }}
      />,
    );
    expect(
      await screen.findByRole('button', { name: 'Pickup: Crown Towers Perth, Burswood' }),
    ).toBeInTheDocument();
  });
});
