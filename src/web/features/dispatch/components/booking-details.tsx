import type { ReactNode } from 'react';
import { Alert, Badge, Group, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import type { Booking, BookingEvent } from '../../../../domain/bookings/api';
import { dispatchFlag } from '../../../../domain/bookings/dispatch-flag';
import { BOOKING_STATUS_LABELS } from '../../../../domain/bookings/status';
import { editedFieldsText } from '../../../../domain/bookings/changes';
import { formatDollars } from '../../../lib/format-dollars';
import { formatKm } from '../../../../domain/format/distance';
import { formatRating } from '../../../../domain/drivers/rating';
import { formatDateTime } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';

type FieldProps = {
  label: string;
  children: ReactNode;
  /** Typed text of several lines (the notes): shown on its own lines, not run together. */
  isMultiline?: boolean;
};

function Field({ label, children, isMultiline = false }: FieldProps) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text
        size="sm"
        style={{ overflowWrap: 'anywhere', ...(isMultiline ? { whiteSpace: 'pre-wrap' } : {}) }}
      >
        {children}
      </Text>
    </div>
  );
}

/** Every field of a booking, for the detail panel and the Job Information dialog. */
/** A reason as the server words it ('Driver on leave: Family wedding'), ended as a sentence. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export function BookingDetails({ booking, columns = 2 }: { booking: Booking; columns?: number }) {
  const timeZone = useBusinessTimeZone();
  const driver = booking.driver
    ? `${booking.driver.firstName} ${booking.driver.lastName} (${formatRating(booking.driver.rating)})`
    : 'Not assigned';
  const vehicle = booking.vehicle
    ? `${booking.vehicle.make} ${booking.vehicle.model}, ${booking.vehicle.registration}`
    : 'Not assigned';
  return (
    <Stack gap="sm">
      {dispatchFlag(booking) === 'returned' ? (
        <Alert color="red" variant="light" title="Returned to dispatch" p="xs">
          {asSentence(booking.returnedReason ?? 'Its driver was suspended')} It needs a new driver.
        </Alert>
      ) : null}
      {dispatchFlag(booking) === 'declined' ? (
        <Alert color="orange" variant="light" title="Declined by the driver" p="xs">
          {booking.declinedReason ? `“${booking.declinedReason}” ` : ''}It needs a new driver.
        </Alert>
      ) : null}
      <Field label="Pickup">{booking.pickupLocation}</Field>
      <Field label="Dropoff">{booking.dropoffLocation}</Field>
      <SimpleGrid cols={columns} spacing="sm" verticalSpacing="xs">
        <Field label="Pickup time">{formatDateTime(booking.pickupTime, timeZone)}</Field>
        <Field label="Passenger">{booking.passengerName || '—'}</Field>
        <Field label="Phone">{booking.phone ? phoneForDisplay(booking.phone) : '—'}</Field>
        <Field label="Passengers">{booking.numPassengers}</Field>
        <Field label="Wheelchair passengers">{booking.wheelchairPassengers}</Field>
        <Field label="Suitcases">{booking.numSuitcases}</Field>
        <Field label="Child seats">{booking.childSeats}</Field>
        <Field label="Vehicle type">{booking.vehicleType}</Field>
        <Field label="Driver">{driver}</Field>
        <Field label="Vehicle">{vehicle}</Field>
        <Field label="Fare">{formatDollars(booking.fareAmount)}</Field>
        {booking.journeyStartedAt && (
          <Field label="Journey started">
            {formatDateTime(booking.journeyStartedAt, timeZone)}
          </Field>
        )}
        {booking.journeyEndedAt && (
          <Field label="Journey ended">{formatDateTime(booking.journeyEndedAt, timeZone)}</Field>
        )}
        <Field label="Distance">
          {booking.distanceMeters === null ? '—' : formatKm(booking.distanceMeters)}
        </Field>
        <Field label="Source">{booking.source}</Field>
        <Field label="Account code">{booking.accountCode ?? '—'}</Field>
        {booking.customer ? (
          <Field label="Customer">
            {`${booking.customer.firstName} ${booking.customer.lastName}`.trim()}
          </Field>
        ) : null}
        {booking.isShuttle ? (
          <Field label="Shuttle run">Stop {(booking.shuttleSequence ?? 0) + 1}</Field>
        ) : null}
      </SimpleGrid>
      {booking.assistanceNeeds ? (
        <Field label="Assistance needs">{booking.assistanceNeeds}</Field>
      ) : null}
      {booking.notes ? (
        <Field label="Notes" isMultiline>
          {booking.notes}
        </Field>
      ) : null}
    </Stack>
  );
}

function describeEvent(event: BookingEvent, timeZone: string): string {
  switch (event.type) {
    case 'created':
      return 'Created';
    case 'assigned':
      return 'Driver assigned';
    case 'status':
      return event.fromStatus && event.toStatus
        ? `Status ${event.fromStatus} → ${event.toStatus}`
        : `Status ${event.toStatus ?? 'changed'}`;
    case 'updated':
      return `Updated ${editedFieldsText(event.changes, timeZone)}`.trim();
    case 'acknowledged':
      return 'Accepted by the driver';
    case 'declined':
      return typeof event.changes.reason === 'string'
        ? `Declined by the driver: ${event.changes.reason}`
        : 'Declined by the driver';
    case 'returned-to-dispatch':
      return typeof event.changes.reason === 'string'
        ? `Returned to dispatch: ${event.changes.reason}`
        : 'Returned to dispatch';
    case 'acknowledgement-overdue':
      return typeof event.changes.timeoutMinutes === 'number'
        ? `Not accepted within ${event.changes.timeoutMinutes} minutes`
        : 'Not accepted in time';
    default:
      return event.type;
  }
}

/** The booking's history, oldest first. */
export function EventHistory({ events }: { events: BookingEvent[] }) {
  const timeZone = useBusinessTimeZone();
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No events yet.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={12} lineWidth={2} active={events.length - 1}>
      {events.map((event) => (
        <Timeline.Item
          key={event.id}
          title={
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {describeEvent(event, timeZone)}
              </Text>
              {event.toStatus ? (
                <Badge size="xs" variant="outline" color="gray">
                  {BOOKING_STATUS_LABELS[event.toStatus]}
                </Badge>
              ) : null}
            </Group>
          }
        >
          <Text size="xs" c="dimmed">
            {formatDateTime(event.occurredAt, timeZone)}
            {event.actor ? ` · ${event.actor.name}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
