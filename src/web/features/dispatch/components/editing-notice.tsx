import { Alert, Button, Group, Text } from '@mantine/core';
import type { Booking } from '../../../../domain/bookings/api';
import { closedBookingNotice, isClosedBooking } from '../../../../domain/bookings/status';

type EditingNoticeProps = {
  booking: Booking;
  onBookAgain: () => void;
  onNewBooking: () => void;
};

/**
 * Above the New Booking form while a booking is open in it: what Save does,
 * or, for a cancelled or no-show booking, that only its notes change and
 * Book Again makes a new one (decision 89).
 */
export function EditingNotice({ booking, onBookAgain, onNewBooking }: EditingNoticeProps) {
  const closed = isClosedBooking(booking.status);
  return (
    <Alert color={closed ? 'yellow' : 'blue'} variant="light" p="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {closed ? (
            closedBookingNotice(booking.reference, booking.status)
          ) : (
            <>
              Editing booking <strong>{booking.reference}</strong>. Save Booking keeps the changes.
            </>
          )}
        </Text>
        <Group gap={4}>
          {closed ? (
            <Button size="compact-xs" variant="light" onClick={onBookAgain}>
              Book Again
            </Button>
          ) : null}
          <Button size="compact-xs" variant="subtle" onClick={onNewBooking}>
            New booking
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
