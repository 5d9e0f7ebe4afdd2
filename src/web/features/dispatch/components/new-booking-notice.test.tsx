import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testBooking } from '../../../test/booking-fixtures';
import { showNewBookingNotices } from './new-booking-notice';

afterEach(() => {
  act(() => notifications.clean());
});

describe('showNewBookingNotices', () => {
  it("gives its place to the answer to the dispatcher's own action where there is room for one notice", async () => {
    render(
      <MantineProvider env="test">
        <Notifications limit={1} />
      </MantineProvider>,
    );
    const arrival = testBooking({ reference: 'ONLINE1', source: 'online' });
    act(() => showNewBookingNotices([arrival], 'Australia/Perth', () => {}));
    expect(await screen.findByText('New online booking')).toBeInTheDocument();

    act(() => {
      notifications.show({ id: 'status', message: 'Booking K7P2QX is now completed.' });
    });
    expect(await screen.findByText('Booking K7P2QX is now completed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('New online booking')).toBeNull());

    // Answered, the arrival comes back: it waits until the dispatcher closes it.
    act(() => notifications.hide('status'));
    expect(await screen.findByText('New online booking')).toBeInTheDocument();
  });
});
