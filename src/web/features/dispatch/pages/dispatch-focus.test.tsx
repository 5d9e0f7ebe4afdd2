import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../domain/bookings/api';
import type { Driver } from '../../../../domain/drivers/api';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import { testBooking } from '../../../test/booking-fixtures';
import { dispatchScreenApi } from '../../../test/dispatch-api-stub';
import { renderApp } from '../../../test/render-app';
import { setUpDispatchPage } from '../../../test/dispatch-page-harness';
import { BOOKING_FORM_SCROLL_ID } from '../utils/dispatch-focus';

// Where the focus goes after an action on the dispatch screen: never to the
// page (a keyboard user's next Tab went to 'Skip to main content', and it
// took 20 to 45 Tabs to come back).

vi.mock('../components/leaflet-driver-map', () => ({
  default: ({ drivers }: { drivers: Driver[] }) => <div>{drivers.length} drivers on the map</div>,
}));

const DAN: Driver = {
  id: 'd1',
  userId: null,
  firstName: 'Dan',
  lastName: 'Driver',
  email: null,
  phone: null,
  rating: 4.8,
  status: 'active',
  availability: 'free',
  location: { lat: -31.95, lng: 115.86, updatedAt: '2030-01-01T00:00:00.000Z', isStale: false },
  vehicle: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};

/** One pending booking, kept as the server has it: each write changes it. */
function stubBoard(overrides: Partial<Booking> = {}) {
  let current = testBooking({
    reference: 'FOC001',
    pickupTime: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    ...overrides,
  });
  const answer = (changes: Partial<Booking>) => {
    current = { ...current, ...changes, updatedAt: new Date().toISOString() };
    return jsonResponse(200, { booking: current });
  };
  stubApi({
    ...dispatchScreenApi(),
    'GET /api/bookings': () => jsonResponse(200, { bookings: [current], total: 1 }),
    'GET /api/bookings/b1': () => jsonResponse(200, { booking: current, events: [] }),
    'GET /api/drivers': () => jsonResponse(200, { drivers: [DAN] }),
    'GET /api/drivers/nearest': () =>
      jsonResponse(200, { drivers: [{ ...DAN, distanceMeters: 300 }] }),
    'POST /api/bookings/b1/assign': () =>
      answer({
        status: 'assigned',
        driver: { id: 'd1', firstName: 'Dan', lastName: 'Driver', phone: null, rating: 4.8 },
      }),
    'POST /api/bookings/b1/status': ({ body }) => answer(body as Partial<Booking>),
    'PATCH /api/bookings/b1': ({ body }) => {
      const { expectedUpdatedAt: _version, ...changes } = body as Record<string, unknown>;
      return answer(changes as Partial<Booking>);
    },
  });
}

setUpDispatchPage();

/** The dispatch screen with its one booking selected from the keyboard; its details panel. */
async function openDetails() {
  const { user } = renderApp(['/dispatch']);
  await screen.findByRole('heading', { level: 2, name: 'New Booking' }, { timeout: 25_000 });
  const row = await screen.findByRole('option', { name: /Ann Lee/ });
  row.focus();
  await user.keyboard('{Enter}');
  const details = await screen.findByRole('region', { name: 'Booking details' });
  return { user, details, heading: within(details).getByRole('heading', { name: 'FOC001' }) };
}

describe('the dispatch screen keeps the focus', { timeout: 45_000 }, () => {
  it('on the details panel after Assign, whose button becomes a disabled Assigned', async () => {
    stubBoard();
    const { user, details, heading } = await openDetails();
    (await within(details).findByRole('button', { name: 'Assign Dan Driver' })).focus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(within(details).getByRole('button', { name: 'Assign Dan Driver' })).toHaveTextContent(
        'Assigned',
      ),
    );
    expect(within(details).getByRole('button', { name: 'Assign Dan Driver' })).toBeDisabled();
    await waitFor(() => expect(heading).toHaveFocus());
    // A Tab stop by script only: Tab from the heading goes on into the panel.
    expect(heading).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(within(details).getByRole('button', { name: 'Close details' })).toHaveFocus();
  });

  it.each(['Escape from inside the panel', 'Close details'])(
    "on the booking's row in the list once the details close by %s",
    async (how) => {
      stubBoard();
      const { user, details } = await openDetails();
      if (how === 'Close details') {
        await user.click(within(details).getByRole('button', { name: 'Close details' }));
      } else {
        within(details).getByRole('button', { name: 'Close details' }).focus();
        await user.keyboard('{Escape}');
      }
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'Booking details' })).toBeNull(),
      );
      await waitFor(() => expect(screen.getByRole('option', { name: /Ann Lee/ })).toHaveFocus());
    },
  );

  it('on the details panel after a status step, whose button is then gone', async () => {
    stubBoard({
      status: 'assigned',
      driver: { id: 'd1', firstName: 'Dan', lastName: 'Driver', phone: null, rating: 4.8 },
    });
    const { user, details, heading } = await openDetails();
    within(details).getByRole('button', { name: 'Mark en-route' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(within(details).queryByRole('button', { name: 'Mark en-route' })).toBeNull(),
    );
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('on the first field of Edit Booking, the form shown from its top', async () => {
    stubBoard();
    const { user, details } = await openDetails();
    const scroll = document.getElementById(BOOKING_FORM_SCROLL_ID)!;
    scroll.scrollTop = 400;
    within(details).getByRole('button', { name: 'Edit' }).focus();
    await user.keyboard('{Enter}');

    await screen.findByRole('heading', { level: 2, name: 'Edit Booking FOC001' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Pickup Location' })).toHaveFocus(),
    );
    expect(scroll.scrollTop).toBe(0);
  });

  it("on the saved booking's details after Save of an edit", async () => {
    stubBoard();
    const { user, details, heading } = await openDetails();
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    const name = await screen.findByRole('textbox', { name: 'Passenger Name' });
    await user.clear(name);
    await user.type(name, 'Ann Smith{Enter}');

    expect(await screen.findByText('Booking saved')).toBeInTheDocument();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await within(details).findByText('Ann Smith')).toBeInTheDocument();
  });

  it('on the details panel, which says Cancelled, after Cancel booking is confirmed', async () => {
    stubBoard();
    const { user, details, heading } = await openDetails();
    within(details).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking FOC001?' });
    // Its title bar's X has a name (the theme gives every dialog's one).
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('Booking FOC001 is cancelled.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(details).getByRole('button', { name: 'Cancel' })).toBeDisabled(),
    );
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
