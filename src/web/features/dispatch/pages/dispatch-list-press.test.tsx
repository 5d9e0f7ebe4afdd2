import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../domain/bookings/api';
import type { Driver } from '../../../../domain/drivers/api';
import { deferred, jsonResponse, stubApi } from '../../../test/api-stub';
import { testBooking } from '../../../test/booking-fixtures';
import { dispatchScreenApi } from '../../../test/dispatch-api-stub';
import { FakeEventSource } from '../../../test/fake-event-source';
import { openDispatch, setUpDispatchPage } from '../../../test/dispatch-page-harness';

// A dispatcher's click on a booking row must not be lost while the list
// redraws under it (a live change, a search's answer): a press and its
// release are two events apart, and a row that moves between them leaves the
// release on another row, the click on the list. CI once saw it happen.

vi.mock('../components/leaflet-driver-map', () => ({
  default: ({ drivers }: { drivers: Driver[] }) => <div>{drivers.length} drivers on the map</div>,
}));

const HOUR_MS = 3_600_000;

/** Five bookings an hour apart from an hour from now: Passenger 1 to 5, ROW001 to ROW005. */
function fiveBookings(): Booking[] {
  return Array.from({ length: 5 }, (_, index) =>
    testBooking({
      id: `b${index + 1}`,
      reference: `ROW00${index + 1}`,
      passengerName: `Passenger ${index + 1}`,
      pickupTime: new Date(Date.now() + (index + 1) * HOUR_MS).toISOString(),
    }),
  );
}

function stubList(answer: (url: URL) => Response | Promise<Response>, bookings: Booking[]) {
  stubApi({
    ...dispatchScreenApi(),
    'GET /api/bookings': ({ url }) => answer(url),
    ...Object.fromEntries(
      bookings.map((booking) => [
        `GET /api/bookings/${booking.id}`,
        () => jsonResponse(200, { booking, events: [] }),
      ]),
    ),
  });
}

setUpDispatchPage();

/** The row the list draws at position `index` (what is under a pointer that has not moved). */
function rowAt(index: number): HTMLElement {
  const listbox = screen.getByRole('listbox', { name: 'Bookings' });
  return listbox.querySelector<HTMLElement>(`[role="option"][data-index="${index}"]`)!;
}

function row(name: string): HTMLElement {
  return screen.getByRole('option', { name: new RegExp(`${name}\\b`) });
}

describe('a press on a booking row selects it', { timeout: 45_000 }, () => {
  it('though a live change moves the row from under the pointer before the button is up', async () => {
    const bookings = fiveBookings();
    stubList(() => jsonResponse(200, { bookings, total: bookings.length }), bookings);
    const { user } = await openDispatch();
    const pressed = await screen.findByRole('option', { name: /Passenger 3\b/ });
    expect(rowAt(2)).toBe(pressed);

    await user.pointer({ keys: '[MouseLeft>]', target: pressed });
    // A colleague moves Passenger 5's pickup before Passenger 3's: it takes
    // the third place in the list, under the pointer.
    const moved = {
      ...bookings[4]!,
      pickupTime: new Date(Date.now() + 2.5 * HOUR_MS).toISOString(),
    };
    act(() => FakeEventSource.emitAll({ type: 'booking.updated', booking: moved }));
    await waitFor(() => expect(rowAt(2)).toBe(row('Passenger 5')));
    // Released over Passenger 5: the browser clicks the list, the rows' common ancestor.
    await user.pointer({ keys: '[/MouseLeft]', target: rowAt(2) });

    expect(row('Passenger 3')).toHaveAttribute('aria-selected', 'true');
    expect(row('Passenger 5')).toHaveAttribute('aria-selected', 'false');
    const details = await screen.findByRole('region', { name: 'Booking details' });
    expect(await within(details).findByRole('heading', { name: 'ROW003' })).toBeInTheDocument();
  });

  it("though the search's answer redraws the list between the press and the release", async () => {
    const bookings = fiveBookings();
    const searched = deferred<Response>();
    let isSearchSent = false;
    stubList((url) => {
      if (!url.searchParams.get('q'))
        return jsonResponse(200, { bookings, total: bookings.length });
      isSearchSent = true;
      return searched.promise;
    }, bookings);
    const { user } = await openDispatch();
    await screen.findByRole('option', { name: /Passenger 4\b/ });

    await user.click(screen.getByPlaceholderText('Search bookings...'));
    await user.paste('Passenger 4');
    // The list searched stays on screen while the search is on its way: the
    // dispatcher presses the row they see.
    await waitFor(() => expect(isSearchSent).toBe(true), { timeout: 3000 });
    const pressed = row('Passenger 4');
    await user.pointer({ keys: '[MouseLeft>]', target: pressed });
    // The answer: Passenger 4 alone, drawn at the top; its old place is empty.
    searched.resolve(jsonResponse(200, { bookings: [bookings[3]], total: 1 }));
    const listbox = screen.getByRole('listbox', { name: 'Bookings' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    expect(rowAt(0)).toBe(pressed);
    // Released where the row was: below the one row, on the list's scroller.
    await user.pointer({ keys: '[/MouseLeft]', target: listbox.parentElement! });

    expect(pressed).toHaveAttribute('aria-selected', 'true');
    const details = await screen.findByRole('region', { name: 'Booking details' });
    expect(await within(details).findByRole('heading', { name: 'ROW004' })).toBeInTheDocument();
  });

  it("and a click with no press before it (a screen reader's) selects it too", async () => {
    const bookings = fiveBookings();
    stubList(() => jsonResponse(200, { bookings, total: bookings.length }), bookings);
    await openDispatch();
    const clicked = await screen.findByRole('option', { name: /Passenger 2\b/ });

    fireEvent.click(clicked);

    expect(clicked).toHaveAttribute('aria-selected', 'true');
    const details = await screen.findByRole('region', { name: 'Booking details' });
    expect(await within(details).findByRole('heading', { name: 'ROW002' })).toBeInTheDocument();
  });
});
