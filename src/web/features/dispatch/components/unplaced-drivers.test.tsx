import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Driver } from '../../../../domain/drivers/api';
import { AppProviders } from '../../../app/providers';
import { LOST_CONTACT_HEADING, UNPLACED_HEADING, UnplacedDrivers } from './unplaced-drivers';

// 10:15 am on Thursday 5 March 2026 in Perth (UTC+8), the business's zone by default.
const NOW = new Date('2026-03-05T02:15:00Z');

function driver(id: string, heardAt: string | null): Driver {
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
    location: heardAt ? { lat: -31.95, lng: 115.86, updatedAt: heardAt, isStale: true } : null,
    vehicle: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderStrip(drivers: Driver[]) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ error: { message: 'offline' } }), { status: 503 }),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <UnplacedDrivers drivers={drivers} shown={[]} focusDriverId={null} />
    </AppProviders>,
  );
  return screen.getByRole('region', { name: UNPLACED_HEADING });
}

describe('the on-shift drivers the dispatch map cannot place', () => {
  it('says the day of a last position that is not from today', () => {
    const strip = renderStrip([
      driver('Ava', '2026-03-05T02:05:00Z'), // 10:05 am today
      driver('Ben', '2026-03-04T15:05:00Z'), // 11:05 pm yesterday, 11 hours ago
      driver('Cal', null),
    ]);
    expect(strip).toHaveTextContent('Ava Driver (last seen 10:05 am)');
    expect(strip).toHaveTextContent('Ben Driver (last seen yesterday 11:05 pm)');
    expect(strip).toHaveTextContent('Cal Driver (no position yet)');
    expect(within(strip).queryByText(new RegExp(LOST_CONTACT_HEADING))).not.toBeInTheDocument();
  });

  it('sets apart drivers not heard from for over 12 hours, with the day they were last heard from', () => {
    const strip = renderStrip([
      driver('Ava', '2026-03-05T02:05:00Z'),
      driver('Dan', '2026-03-03T01:32:00Z'), // 9:32 am on Tuesday
      driver('Eve', '2026-03-04T14:00:00Z'), // 10 pm yesterday: 12 h 15 min ago
    ]);
    const unknown = within(strip).getByText(`${UNPLACED_HEADING}:`).parentElement!;
    expect(unknown).toHaveTextContent('Ava Driver (last seen 10:05 am)');
    expect(unknown).not.toHaveTextContent('Dan');
    const lost = within(strip).getByText(`${LOST_CONTACT_HEADING}:`).parentElement!;
    expect(lost).toHaveTextContent('Dan Driver (not heard from since Tue 9:32 am)');
    expect(lost).toHaveTextContent('Eve Driver (not heard from since yesterday 10:00 pm)');
    expect(lost).not.toHaveTextContent('Ava');
  });
});
