import { Alert, Center, Divider, Group, Loader, Modal, Stack, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useBooking } from '../api/get-booking';
import { BookingDetails, EventHistory } from './booking-details';
import { StatusBadge } from './status-badge';

type JobInformationModalProps = {
  bookingId: string | null;
  opened: boolean;
  onClose: () => void;
};

/** Job Information: the selected booking's full details and its event history. */
export function JobInformationModal({ bookingId, opened, onClose }: JobInformationModalProps) {
  const detail = useBooking(opened ? bookingId : null);
  const booking = detail.data?.booking;
  return (
    <Modal opened={opened} onClose={onClose} title="Job Information" size="lg">
      {detail.isLoading ? (
        <Center p="lg">
          <Loader size="sm" aria-label="Loading booking" />
        </Center>
      ) : null}
      {detail.isError ? (
        <Alert color="red" title="Could not load the booking">
          {errorMessage(detail.error)}
        </Alert>
      ) : null}
      {booking ? (
        <Stack gap="md">
          <Group gap="xs">
            <Title order={3} size="h4" ff="monospace">
              {booking.reference}
            </Title>
            <StatusBadge status={booking.status} />
          </Group>
          <BookingDetails booking={booking} columns={3} />
          <Divider />
          <Title order={4} size="h6">
            Event history
          </Title>
          <EventHistory events={detail.data?.events ?? []} />
        </Stack>
      ) : null}
    </Modal>
  );
}
