import {
  Alert,
  Anchor,
  Badge,
  Center,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BOOKING_STATUS_LABELS } from '../../../../domain/bookings/status';
import { formatDateTime } from '../../../../domain/format';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/format-dollars';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { useBooking } from '../../dispatch/api/get-booking';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * A booking an alert leads to, read on the dashboard (/admin?booking=): for a
 * viewer whose role does not open Dispatch, where bookings are acted on (a
 * viewer whose role does is led there instead).
 */
export function BookingDialog({
  bookingId,
  onClose,
}: {
  bookingId: string | null;
  onClose: () => void;
}) {
  const detail = useBooking(bookingId);
  const timeZone = useBusinessTimeZone();
  const booking = detail.data?.booking;
  return (
    <Modal
      opened={bookingId !== null}
      onClose={onClose}
      title={booking ? `Booking ${booking.reference}` : 'Booking'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isPending && bookingId !== null ? (
        <Center p="lg">
          <Loader size="sm" aria-label="Loading the booking" />
        </Center>
      ) : null}
      {detail.isError ? (
        <Alert color="red" role="alert" title="Could not load the booking">
          {errorMessage(detail.error)}
        </Alert>
      ) : null}
      {booking ? (
        <Stack gap="md">
          <div>
            <Badge variant="light" color={booking.status === 'pending' ? 'orange' : 'blue'}>
              {BOOKING_STATUS_LABELS[booking.status]}
            </Badge>
          </div>
          <Fact label="Pickup">{booking.pickupLocation}</Fact>
          <Fact label="Dropoff">{booking.dropoffLocation}</Fact>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            <Fact label="Pickup time">{formatDateTime(booking.pickupTime, timeZone)}</Fact>
            <Fact label="Driver">
              {booking.driver
                ? `${booking.driver.firstName} ${booking.driver.lastName}`
                : 'Not assigned'}
            </Fact>
            <Fact label="Passenger">{booking.passengerName || 'Not given'}</Fact>
            <Fact label="Phone">
              {booking.phone ? (
                <Anchor href={`tel:${booking.phone}`} size="sm">
                  {phoneForDisplay(booking.phone)}
                </Anchor>
              ) : (
                'Not given'
              )}
            </Fact>
            <Fact label="Vehicle">{booking.vehicleType}</Fact>
            <Fact label="Passengers">{booking.numPassengers}</Fact>
            <Fact label="Fare">{formatDollars(booking.fareAmount)}</Fact>
            <Fact label="Booked">{formatDateTime(booking.createdAt, timeZone)}</Fact>
          </SimpleGrid>
          {booking.notes ? <Fact label="Notes">{booking.notes}</Fact> : null}
          <Text size="sm" c="dimmed">
            A dispatcher assigns and changes bookings in Dispatch, which your role does not open.
            Roles are given Dispatch under{' '}
            <Anchor component={Link} to={`${paths.settings}/users`} size="sm">
              Settings, Users &amp; Roles
            </Anchor>
            .
          </Text>
        </Stack>
      ) : null}
    </Modal>
  );
}
