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

type ChangedElsewhereNoticeProps = {
  /** The dispatcher has typed changes, which Reload drops. */
  hasTypedChanges: boolean;
  onReload: () => void;
};

/**
 * Under the editing notice when the booking open in the form was changed by
 * someone else since (the list beside it is live): Save would be refused, and
 * Reload shows it as it is now. The form is never replaced unasked.
 */
export function ChangedElsewhereNotice({ hasTypedChanges, onReload }: ChangedElsewhereNoticeProps) {
  return (
    <Alert color="orange" variant="light" p="xs" role="status">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" style={{ flex: 1 }}>
          Changed by someone else since you opened it.{' '}
          {hasTypedChanges
            ? 'Reload to see it; what you typed here is dropped.'
            : 'Reload to see it.'}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          style={{ flex: 'none' }}
          onClick={onReload}
        >
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
