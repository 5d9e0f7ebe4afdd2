import { Alert, Center, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { BOOKING_STATUS_LABELS } from '../../../../domain/bookings/status';
import { errorMessage } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/format-dollars';
import { useCustomerProfile } from '../api/search';

/** A customer found by Search: their profile, read-only, with their latest bookings. */
export function CustomerProfileDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const profile = useCustomerProfile(id);
  const customer = profile.data?.customer;
  return (
    <Modal opened={id !== null} onClose={onClose} title="Customer Profile" size="lg">
      {profile.isLoading ? (
        <Center p="lg">
          <Loader aria-label="Loading customer" />
        </Center>
      ) : null}
      {profile.isError ? <Alert color="red">{errorMessage(profile.error)}</Alert> : null}
      {customer ? (
        <Stack gap="xs">
          <Text fw={700} size="lg">
            {customer.firstName} {customer.lastName}
          </Text>
          <Text size="sm">Phone: {customer.phone ?? 'Not set'}</Text>
          <Text size="sm">Email: {customer.email ?? 'Not set'}</Text>
          <Text size="sm">Home address: {customer.homeAddress ?? 'Not set'}</Text>
          <Text size="sm">
            {customer.totalBookings} bookings · {formatDollars(customer.totalSpent)} spent
          </Text>
          {customer.notes ? <Text size="sm">Notes: {customer.notes}</Text> : null}
          <Table>
            <Table.Tbody>
              {profile.data?.recentBookings.map((booking) => (
                <Table.Tr key={booking.id}>
                  <Table.Td ff="monospace">#{booking.reference}</Table.Td>
                  <Table.Td>{booking.pickupLocation}</Table.Td>
                  <Table.Td>{BOOKING_STATUS_LABELS[booking.status]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </Modal>
  );
}
