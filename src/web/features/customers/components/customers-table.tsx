import { Stack, Table, Text } from '@mantine/core';
import type { Customer } from '../../../../domain/customers';
import {
  dollarsToCents,
  formatAud,
  formatDate,
  formatDateOrNever,
} from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import classes from './customers-table.module.css';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';

type CustomersTableProps = {
  customers: Customer[];
  onOpen: (id: string) => void;
};

export function fullName(customer: Pick<Customer, 'firstName' | 'lastName'>): string {
  return `${customer.firstName} ${customer.lastName}`.trim();
}

/** Customer, Contact, Address, Bookings, Total Spent, Last Booking; a row opens the profile. */
export function CustomersTable({ customers, onOpen }: CustomersTableProps) {
  const timeZone = useBusinessTimeZone();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th ta="right">Bookings</Table.Th>
            <Table.Th ta="right">Total Spent</Table.Th>
            <Table.Th>Last Booking</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => (
            <Table.Tr
              key={customer.id}
              className={classes.row}
              tabIndex={0}
              aria-label={`Open ${fullName(customer)}`}
              onClick={() => onOpen(customer.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') onOpen(customer.id);
              }}
            >
              <Table.Td className={classes.text}>
                <Text fw={600} size="sm">
                  {fullName(customer)}
                </Text>
                {customer.preferredVehicleType && (
                  <Text size="xs" c="dimmed">
                    Prefers: {customer.preferredVehicleType}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.text}>
                <Stack gap={0}>
                  {customer.phone && <Text size="sm">{phoneForDisplay(customer.phone)}</Text>}
                  {customer.email && (
                    <Text size="sm" c="dimmed">
                      {customer.email}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td className={classes.text}>
                <Text size="sm" c={customer.homeAddress ? undefined : 'dimmed'}>
                  {customer.homeAddress ?? 'Not set'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{customer.totalBookings}</Table.Td>
              <Table.Td ta="right" className={classes.nowrap}>
                {formatAud(dollarsToCents(customer.totalSpent))}
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {/* An upcoming ride is not a last booking, but it is a booking: say when. */}
                {customer.lastBookingDate || !customer.nextBookingDate ? (
                  <Text size="sm">{formatDateOrNever(customer.lastBookingDate, timeZone)}</Text>
                ) : null}
                {customer.nextBookingDate ? (
                  <Text size="sm" c="dimmed">
                    Next: {formatDate(customer.nextBookingDate, timeZone)}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
