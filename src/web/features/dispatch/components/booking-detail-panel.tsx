import type { KeyboardEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Pencil, X } from 'lucide-react';
import type { Booking } from '../../../../domain/bookings/api';
import {
  allowedTransitions,
  canAssign,
  type BookingStatus,
} from '../../../../domain/bookings/status';
import { errorMessage } from '../../../lib/api-client';
import { useBooking } from '../api/get-booking';
import { seenStatusOf, useChangeBookingStatus } from '../api/change-booking-status';
import { refusedNotice } from '../utils/refused-notice';
import { AssignDriverSection } from './assign-driver-section';
import { RatingSection } from './rating-section';
import { BookingDetails, EventHistory } from './booking-details';
import { AcceptanceBadge } from './acceptance-badge';
import { DispatchFlagBadge } from './dispatch-flag-badge';
import { StatusBadge } from './status-badge';
import { BOOKING_DETAILS_HEADING_ID, focusBookingDetails } from '../utils/dispatch-focus';

/** Labels of the lifecycle steps offered as buttons; assigning and cancelling have their own. */
export const STATUS_ACTION_LABEL: Partial<Record<BookingStatus, string>> = {
  pending: 'Unassign (back to pending)',
  'en-route': 'Mark en-route',
  arrived: 'Mark arrived',
  'on-board': 'Mark on-board',
  completed: 'Mark completed',
  'no-show': 'Mark no-show',
};

export function canCancel(status: BookingStatus): boolean {
  return allowedTransitions(status).includes('cancelled');
}

type BookingDetailPanelProps = {
  bookingId: string;
  onClose: () => void;
  onEdit: (booking: Booking) => void;
  onCancel: (booking: Booking) => void;
};

/** Next to the map: the selected booking, its history, Assign, the lifecycle steps, Edit, Cancel. */
export function BookingDetailPanel({
  bookingId,
  onClose,
  onEdit,
  onCancel,
}: BookingDetailPanelProps) {
  const detail = useBooking(bookingId);
  const changeStatus = useChangeBookingStatus();
  const booking = detail.data?.booking;

  function handleStatus(target: Booking, status: BookingStatus) {
    // The step's button is disabled while it is sent, and gone once done.
    focusBookingDetails();
    changeStatus.mutate(
      // As shown: a booking another dispatcher or its driver changed meanwhile is refused.
      { id: target.id, status, ...seenStatusOf(target) },
      {
        onSuccess: ({ booking: saved }) =>
          notifications.show({
            color: 'green',
            title: 'Status changed',
            message: `Booking ${saved.reference} is now ${saved.status}.`,
          }),
        onError: (error) => notifications.show(refusedNotice('Could not change the status', error)),
      },
    );
  }

  const steps = booking
    ? allowedTransitions(booking.status).flatMap((status) => {
        const label = STATUS_ACTION_LABEL[status];
        return label ? [{ status, label }] : [];
      })
    : [];

  return (
    <Paper
      component="section"
      aria-label="Booking details"
      // Escape closes the panel, as it closes a dialog: a tester pressed it and
      // nothing happened. Not while a list inside is open (Escape closes that),
      // nor from a dialog opened over the panel.
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        const target = event.target as HTMLElement;
        if (
          event.key !== 'Escape' ||
          event.defaultPrevented ||
          !event.currentTarget.contains(target) ||
          target.getAttribute('aria-expanded') === 'true'
        ) {
          return;
        }
        onClose();
      }}
      withBorder
      radius="md"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0 }}
    >
      <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Title order={2} size="h5" ff="monospace" id={BOOKING_DETAILS_HEADING_ID} tabIndex={-1}>
            {booking ? booking.reference : 'Booking'}
          </Title>
          {booking ? <StatusBadge status={booking.status} /> : null}
          {booking ? <DispatchFlagBadge booking={booking} /> : null}
          {booking ? <AcceptanceBadge booking={booking} /> : null}
        </Group>
        <ActionIcon variant="subtle" color="gray" aria-label="Close details" onClick={onClose}>
          <X size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Divider />
      <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
        {detail.isLoading ? (
          <Center p="lg">
            <Loader size="sm" aria-label="Loading booking" />
          </Center>
        ) : null}
        {detail.isError ? (
          <Alert color="red" m="sm" title="Could not load the booking">
            {errorMessage(detail.error)}
          </Alert>
        ) : null}
        {booking ? (
          <Stack gap="md" p="sm">
            <Group gap="xs">
              {steps.map(({ status, label }) => (
                <Button
                  key={status}
                  size="compact-sm"
                  variant="light"
                  disabled={changeStatus.isPending}
                  onClick={() => handleStatus(booking, status)}
                >
                  {label}
                </Button>
              ))}
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<Pencil size={14} aria-hidden />}
                onClick={() => onEdit(booking)}
              >
                Edit
              </Button>
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                disabled={!canCancel(booking.status) || changeStatus.isPending}
                onClick={() => onCancel(booking)}
              >
                Cancel
              </Button>
            </Group>
            <BookingDetails booking={booking} columns={2} />
            {canAssign(booking.status) ? (
              <section aria-labelledby="assign-title">
                <Title order={3} size="h6" id="assign-title" mb={4}>
                  Assign
                </Title>
                <AssignDriverSection booking={booking} />
              </section>
            ) : null}
            {booking.status === 'completed' && booking.driver ? (
              <section aria-labelledby="rating-title">
                <Title order={3} size="h6" id="rating-title" mb={4}>
                  Passenger rating
                </Title>
                <RatingSection booking={booking} />
              </section>
            ) : null}
            <section aria-labelledby="history-title">
              <Title order={3} size="h6" id="history-title" mb={4}>
                Event history
              </Title>
              <EventHistory events={detail.data?.events ?? []} />
            </section>
          </Stack>
        ) : null}
        {!booking && !detail.isLoading && !detail.isError ? (
          <Text size="sm" c="dimmed" p="sm">
            Select a booking.
          </Text>
        ) : null}
      </ScrollArea>
    </Paper>
  );
}
