import { useEffect, useRef } from 'react';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { CircleCheck } from 'lucide-react';
import { typedPhoneForDisplay } from '../../../../domain/customers/phone-display';
import { formatDateTime } from '../../../../domain/format';
import { formatDollars } from '../../../lib/format-dollars';
import type { TripLink } from '../../fares/utils/trip-params';
import { usePublicSettings } from '../../settings/api/get-public-settings';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import type { OnlineBooking } from '../api/create-online-booking';
import { SummaryRow, TripSummary } from './trip-summary';

type BookingConfirmationProps = {
  booking: OnlineBooking;
  trip: TripLink;
  /** Starts a new booking: this confirmation is not shown again. */
  onBookAnother: () => void;
};

/** 'Booking requested': the reference to quote on the phone, and what happens next. */
export function BookingConfirmation({ booking, trip, onBookAnother }: BookingConfirmationProps) {
  // Read here, not by the booking form: each change of the settings query
  // (its fetch starting, its answer) re-rendered the whole form, the first
  // one synchronously while /book hydrated.
  const business = usePublicSettings().data?.business;
  const timeZone = useBusinessTimeZone();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone; screen readers start again at the news.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Card withBorder radius="md" padding="xl" maw={720}>
      <Stack gap="lg">
        <Title order={2} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          Booking requested
        </Title>
        <div>
          <Text size="sm" c="dimmed">
            Your booking reference
          </Text>
          <Text component="p" fz={36} fw={800} ff="monospace" lts={2} c="navy.8">
            {booking.reference}
          </Text>
        </div>
        <Alert color="green" variant="light" icon={<CircleCheck size={18} aria-hidden />}>
          {business ? `Thank you for booking with ${business.name}.` : 'Thank you.'} Our dispatch
          team will confirm your booking by phone shortly.
          {business?.phone
            ? ` Questions? Call us on ${typedPhoneForDisplay(business.phone)}.`
            : null}
        </Alert>
        <TripSummary
          pickup={{ address: booking.pickupLocation }}
          dropoff={{ address: booking.dropoffLocation }}
          stops={trip.stops}
          options={{
            ...trip.options,
            vehicleType: booking.vehicleType,
            passengers: booking.numPassengers,
          }}
          // The route the fare was priced on: the server's, not the link's.
          route={
            booking.distanceMeters !== null && booking.durationSeconds !== null
              ? { distanceMeters: booking.distanceMeters, durationSeconds: booking.durationSeconds }
              : trip.route
          }
          fare={formatDollars(booking.fareAmount)}
        >
          <SummaryRow label="Pickup time">
            {formatDateTime(booking.pickupTime, timeZone)} (Perth time)
          </SummaryRow>
        </TripSummary>
        <Button variant="default" onClick={onBookAnother} style={{ alignSelf: 'flex-start' }}>
          Book another trip
        </Button>
      </Stack>
    </Card>
  );
}
