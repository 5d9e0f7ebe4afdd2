import { useEffect, useLayoutEffect } from 'react';
import { Alert, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Booking } from '../../../../domain/bookings/api';
import { seenBookingChanges, type BookingNow } from '../../../../domain/bookings/seen-booking';
import { useBooking } from '../api/get-booking';
import { canCancel } from './booking-detail-panel';

/**
 * Who is already working a booking about to be cancelled, in a sentence:
 * their app shows it cancelled at once, but a driver on the road may want a
 * call.
 */
function driverOnTheJob(booking: Booking): string | null {
  if (!booking.driver) return null;
  const name = `${booking.driver.firstName} ${booking.driver.lastName}`;
  switch (booking.status) {
    case 'en-route':
      return `${name} is already on the way to the pickup.`;
    case 'arrived':
      return `${name} is already at the pickup.`;
    case 'assigned':
      return `${name} has this job; their app will show it cancelled.`;
    default:
      return null;
  }
}

function bookingNow(booking: Booking): BookingNow {
  const { driver } = booking;
  return {
    status: booking.status,
    driver: driver ? { id: driver.id, name: `${driver.firstName} ${driver.lastName}` } : null,
  };
}

/** 'Mia Tran has it now' as a sentence. */
function asSentence(words: string): string {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

type CancelBookingSummaryProps = {
  /** The booking as it was when Cancel was pressed. */
  opened: Booking;
  /** The confirm dialog this is the body of: its confirm is turned off once cancelling is not possible. */
  modalId: string;
  /** Told of the booking each time it is shown: the confirm sends what the dispatcher saw last. */
  onShown: (booking: Booking) => void;
};

/**
 * The Cancel Booking dialog's text, read live from the board's data: a driver
 * given the job or setting off while the dialog is open is named here (decision
 * 142), and a change since it opened is said before the confirm.
 */
export function CancelBookingSummary({ opened, modalId, onShown }: CancelBookingSummaryProps) {
  const booking = useBooking(opened.id).data?.booking ?? opened;
  const changes = seenBookingChanges(
    { status: opened.status, driverId: opened.driver?.id ?? null },
    bookingNow(booking),
  );
  const isCancellable = canCancel(booking.status);
  const driverLine = driverOnTheJob(booking);

  useLayoutEffect(() => onShown(booking), [booking, onShown]);
  useEffect(() => {
    modals.updateModal({ modalId, confirmProps: { color: 'red', disabled: !isCancellable } });
  }, [modalId, isCancellable]);

  return (
    <>
      {changes ? (
        <Alert color="orange" title="Changed since you opened this" mb="sm">
          {asSentence(changes)}
          {isCancellable ? '' : ' It can no longer be cancelled.'}
        </Alert>
      ) : null}
      <Text size="sm">
        {booking.passengerName || 'The passenger'}, {booking.pickupLocation} to{' '}
        {booking.dropoffLocation}. The booking will be marked cancelled.
      </Text>
      {driverLine ? (
        <Text size="sm" fw={600} mt="xs">
          {driverLine}
        </Text>
      ) : null}
    </>
  );
}
