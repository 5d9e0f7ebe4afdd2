import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Driver } from '../../../../domain/drivers/api';
import { signedInAs, signedOut, stubApi } from '../../../test/api-stub';
import { dispatchScreenApi } from '../../../test/dispatch-api-stub';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderApp } from '../../../test/render-app';
import { setUpDispatchPage } from '../../../test/dispatch-page-harness';

// The board's live stream is ended by the server when the session ends
// (decision 197) and refused on reconnect: the board must say so, not tick on.

vi.mock('../components/leaflet-driver-map', () => ({
  default: ({ drivers }: { drivers: Driver[] }) => (
    <div data-testid="leaflet-map">{drivers.length} drivers on the map</div>
  ),
}));

setUpDispatchPage();

async function openBoard() {
  const server = { me: signedInAs('dispatcher') };
  const fetchMock = stubApi({
    ...dispatchScreenApi(),
    'GET /api/me': (request) => server.me(request),
  });
  const bookingReads = () =>
    fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/bookings?')).length;
  const view = renderApp(['/dispatch']);
  await screen.findByRole('heading', { level: 2, name: 'New Booking' }, { timeout: 25_000 });
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  return { ...view, server, bookingReads };
}

describe('the dispatch board when its session ends', { timeout: 40_000 }, () => {
  it('says so, keeps what was typed, and stops reconnecting', async () => {
    const { server, user } = await openBoard();
    await user.click(screen.getByRole('textbox', { name: 'Passenger Name' }));
    await user.paste('Zara Quinn');

    server.me = signedOut;
    const [stream] = FakeEventSource.instances;
    // The server ends the stream; the browser's reconnect is refused.
    act(() => stream!.drop());
    act(() => stream!.refuse());

    const notice = await screen.findByRole('alert', { name: 'You are signed out' });
    expect(notice).toHaveTextContent('this page has stopped updating and cannot save changes');
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('textbox', { name: 'Passenger Name' })).toHaveValue('Zara Quinn');
    expect(stream!.readyState).toBe(FakeEventSource.CLOSED);
    // No stream is opened again while nobody is signed in.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('listens again, and reads the board afresh, once signed in again (in another tab)', async () => {
    const { server, queryClient, bookingReads } = await openBoard();
    server.me = signedOut;
    act(() => FakeEventSource.instances[0]!.refuse());
    await screen.findByRole('alert', { name: 'You are signed out' });
    const readsWhileSignedOut = bookingReads();

    server.me = signedInAs('dispatcher');
    // The tab is looked at again: the session is asked for, as on any focus.
    await act(() => queryClient.refetchQueries({ queryKey: ['me'] }));

    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'You are signed out' })).toBeNull(),
    );
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    // Events were missed meanwhile.
    await waitFor(() => expect(bookingReads()).toBeGreaterThan(readsWhileSignedOut));
    expect(screen.getByRole('heading', { level: 2, name: 'New Booking' })).toBeVisible();
  });

  it('says the access changed when the stream ends because the role did', async () => {
    const { server, router } = await openBoard();
    server.me = signedInAs('driver');

    act(() => FakeEventSource.instances[0]!.drop());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your access has changed' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('reconnects after a refusal while the session holds (a restart, a 5xx)', async () => {
    await openBoard();
    act(() => FakeEventSource.instances[0]!.refuse());

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 3_000 });
    expect(screen.queryByRole('alert', { name: 'You are signed out' })).toBeNull();
  });
});
