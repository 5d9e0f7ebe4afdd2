import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../domain/bookings/api';
import type { Driver } from '../../../../domain/drivers/api';
import { testBooking } from '../../../test/booking-fixtures';
import type { renderApp } from '../../../test/render-app';
import { openDispatch, setUpDispatchPage } from '../../../test/dispatch-page-harness';

// Leaving the board while the New Booking panel holds unsaved input asks
// first (src/web/lib/leave-guard.tsx).

vi.mock('../components/leaflet-driver-map', () => ({
  default: ({ drivers }: { drivers: Driver[] }) => (
    <div data-testid="leaflet-map">{drivers.length} drivers on the map</div>
  ),
}));

type Call = { method: string; path: string; body: unknown };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const PENDING: Booking = testBooking({
  pickupTime: new Date(Date.now() + 3_600_000).toISOString(),
  pickupLocation: 'Perth Airport Terminal 1',
  dropoffLocation: 'Fremantle WA 6160',
  pickupLat: null,
  pickupLng: null,
  dropoffLat: null,
  dropoffLng: null,
  reference: 'LVG001',
});

function stubServer() {
  const calls: Call[] = [];
  let current = PENDING;
  const handlers: Record<string, (body: unknown) => Response> = {
    'GET /api/me': () =>
      json(200, {
        user: { id: 'u1', email: 'dispatcher@demo.test', name: 'Dee' },
        role: 'dispatcher',
      }),
    'GET /api/bookings': () => json(200, { bookings: [current], total: 1 }),
    [`GET /api/bookings/${PENDING.id}`]: () => json(200, { booking: current, events: [] }),
    [`PATCH /api/bookings/${PENDING.id}`]: (body) => {
      current = { ...current, ...(body as Partial<Booking>) };
      return json(200, { booking: current });
    },
    'GET /api/drivers': () => json(200, { drivers: [] }),
    'GET /api/public-settings': () =>
      json(200, {
        business: { name: 'Perth Chauffeur Ops', phone: '', email: '', bookNowUrl: '/book' },
        timeZone: 'Australia/Perth',
        tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
      }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const handler = handlers[`${method} ${url.pathname}`];
      return handler
        ? handler(body)
        : json(404, { error: { code: 'NOT_FOUND', message: 'No stub' } });
    }),
  );
  return { patches: () => calls.filter((call) => call.method === 'PATCH') };
}

setUpDispatchPage();

type User = ReturnType<typeof renderApp>['user'];

async function editTheBooking(user: User) {
  const row = await screen.findByRole('option', { name: /Ann Lee/ });
  row.focus();
  await user.keyboard('{Enter}');
  const details = await screen.findByRole('region', { name: 'Booking details' });
  await user.click(within(details).getByRole('button', { name: 'Edit' }));
  await screen.findByRole('heading', { level: 2, name: 'Edit Booking LVG001' });
}

function unload(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('leaving the dispatch board', { timeout: 40_000 }, () => {
  it("asks before an edit's unsaved changes are lost, and not once they are saved", async () => {
    const server = stubServer();
    const { router, user } = await openDispatch();
    await editTheBooking(user);
    // Opened, not changed: nothing to lose.
    expect(unload()).toBe(false);

    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.click(notes);
    await user.paste('Gate 3');
    expect(unload()).toBe(true);
    await act(() => router.navigate('/jobs'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dispatch');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Gate 3');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.patches()).toHaveLength(1));
    await waitFor(() => expect(unload()).toBe(false));
    await act(() => router.navigate('/jobs'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('keeps a new booking for the tab: only closing or reloading it asks', async () => {
    stubServer();
    const { router, user } = await openDispatch();
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('textbox', { name: 'Passenger Name' }));
    await user.paste('Zara Quinn');
    expect(unload()).toBe(true);
    // The draft comes back on the board (decision 90): a link away does not ask.
    await act(() => router.navigate('/jobs'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('asks the browser while a new booking is set aside under an edit', async () => {
    stubServer();
    const { user } = await openDispatch();
    await user.click(screen.getByRole('textbox', { name: 'Passenger Name' }));
    await user.paste('Zara Quinn');
    await editTheBooking(user);
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Reset form' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Passenger Name' })).toHaveValue('Zara Quinn'),
    );
    await user.click(screen.getByRole('button', { name: 'Reset form' }));
    await waitFor(() => expect(unload()).toBe(false));
  });
});
