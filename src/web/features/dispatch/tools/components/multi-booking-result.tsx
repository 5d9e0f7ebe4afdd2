import type { Ref } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { Booking } from '../../../../../domain/bookings/api';
import { formatDateTime } from '../../../../../domain/format';

type MultiBookingResultProps = {
  /** The bookings Multi Booking created, in the order of their dates. */
  created: Booking[];
  /** The business's time zone, which the pickup times are written in. */
  timeZone: string;
  onClose: () => void;
  /** Back to the form: the same trip, one date, the day after the last one booked. */
  onBookMoreDates: () => void;
  /** Back to an empty form. */
  onNewMultiBooking: () => void;
  /** New Multi Booking, which the dialog focuses: the button pressed is gone. */
  newMultiBookingRef: Ref<HTMLButtonElement>;
};

/**
 * What Multi Booking created, in place of its form (decision 139): the
 * references and their times, and no button that books the trip again.
 */
export function MultiBookingResult({
  created,
  timeZone,
  onClose,
  onBookMoreDates,
  onNewMultiBooking,
  newMultiBookingRef,
}: MultiBookingResultProps) {
  return (
    <Stack>
      <Text size="sm">Create multiple bookings for the same customer or group.</Text>
      <Alert
        color="green"
        title={`Created ${created.length} ${created.length === 1 ? 'booking' : 'bookings'}`}
      >
        <List size="sm" spacing={2} aria-label="Created bookings">
          {created.map((booking) => (
            <List.Item key={booking.id}>
              <Text span ff="monospace" fw={600}>
                {booking.reference}
              </Text>{' '}
              · {formatDateTime(booking.pickupTime, timeZone)}
            </List.Item>
          ))}
        </List>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button variant="light" onClick={onBookMoreDates}>
          Book more dates for this trip
        </Button>
        <Button ref={newMultiBookingRef} onClick={onNewMultiBooking}>
          New Multi Booking
        </Button>
      </Group>
    </Stack>
  );
}
