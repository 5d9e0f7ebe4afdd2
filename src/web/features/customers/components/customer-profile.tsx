import { Badge, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CustomerDetailResponse } from '../../../../domain/customers';
import type { BookingStatus } from '../../../../domain/bookings';
import { dollarsToCents, formatAud, formatDate } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { fullName } from './customers-table';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';

/** Spec section 4: completed green, cancelled red, else yellow. */
function statusColor(status: BookingStatus): string {
  switch (status) {
    case 'completed':
      return 'green';
    case 'cancelled':
      return 'red';
    case 'pending':
    case 'assigned':
    case 'en-route':
    case 'arrived':
    case 'on-board':
    case 'no-show':
      return 'yellow';
  }
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** The profile: contact, totals, preferences, saved addresses, the latest bookings and notes. */
export function CustomerProfile({ customer, recentBookings }: CustomerDetailResponse) {
  const timeZone = useBusinessTimeZone();
  return (
    <Stack gap="lg">
      <Title order={3}>{fullName(customer)}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label="Phone" value={customer.phone ? phoneForDisplay(customer.phone) : 'Not set'} />
        <Field label="Email" value={customer.email ?? 'Not set'} />
        <Field label="Home Address" value={customer.homeAddress ?? 'Not set'} />
        <Field label="Preferred Vehicle" value={customer.preferredVehicleType ?? 'Not set'} />
        <Field label="Total Bookings" value={String(customer.totalBookings)} />
        <Field label="Total Spent" value={formatAud(dollarsToCents(customer.totalSpent))} />
      </SimpleGrid>

      <Divider />
      <Stack gap="xs">
        <Title order={4}>Saved Addresses</Title>
        {customer.savedAddresses.length === 0 ? (
          <Text size="sm" c="dimmed">
            No saved addresses
          </Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {customer.savedAddresses.map((saved, index) => (
              <Group key={index} component="li" gap="sm" wrap="nowrap" align="flex-start">
                <Badge variant="light" miw={90}>
                  {saved.label}
                </Badge>
                <Text size="sm">{saved.address}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>

      <Divider />
      <Stack gap="xs">
        <Title order={4}>Recent Bookings</Title>
        {/* The list holds trips whose pickup has come; the next one is named apart. */}
        {customer.nextBookingDate ? (
          <Text size="sm">Next booking: {formatDate(customer.nextBookingDate, timeZone)}</Text>
        ) : null}
        {recentBookings.length === 0 ? (
          <Text size="sm" c="dimmed">
            {customer.nextBookingDate ? 'No past bookings yet' : 'No bookings yet'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Recent bookings" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Route</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Fare</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recentBookings.map((booking) => (
                  <Table.Tr key={booking.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(booking.pickupTime, timeZone)}
                    </Table.Td>
                    <Table.Td ff="monospace">{booking.reference}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{booking.pickupLocation}</Text>
                      <Text size="xs" c="dimmed">
                        to {booking.dropoffLocation}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={statusColor(booking.status)}
                        variant="light"
                        // Never cut to 'PENDI…': the column takes the badge's width.
                        miw="max-content"
                      >
                        {booking.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatAud(dollarsToCents(booking.fareAmount))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <Divider />
      <Stack gap="xs">
        <Title order={4}>Notes</Title>
        <Text
          size="sm"
          c={customer.notes ? undefined : 'dimmed'}
          // A long unbroken word (a pasted link) wraps inside the dialog.
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {customer.notes || 'No notes'}
        </Text>
      </Stack>
    </Stack>
  );
}
