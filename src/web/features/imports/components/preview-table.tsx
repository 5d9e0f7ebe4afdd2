import { ScrollArea, Table, Text } from '@mantine/core';
import { format, parse } from 'date-fns';
import { DATE_FORMAT, TIME_FORMAT } from '../../../../domain/format';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';
import type { ReactNode } from 'react';
import type { ImportKind, PreviewRow } from '../../../../domain/imports/api';
import { ActionBadge } from './import-results';

/** A column of a kind's preview; `miw` keeps long values (addresses, times) readable. */
type Column = { header: string; cell: (row: PreviewRow) => ReactNode; miw?: number };

/** '2026-12-24 09:30' (the business's time, as the file wrote it) as 'Dec 24, 2026, 9:30 am'. */
function pickupText(wallTime: string): string {
  const parsed = parse(wallTime, 'yyyy-MM-dd HH:mm', new Date());
  return format(parsed, `${DATE_FORMAT}, ${TIME_FORMAT}`);
}

function joined(...parts: (string | number | null | undefined)[]): string {
  return parts.filter((part) => part !== null && part !== undefined && part !== '').join(' ');
}

/** A phone as the lists will show it once stored (decision 188). */
function shownPhone(phone: string | null | undefined): string {
  return phone ? phoneForDisplay(phone) : '';
}

/** What each kind's preview shows of a row as it will be stored. */
const COLUMNS: Record<ImportKind, Column[]> = {
  customers: [
    { header: 'Name', cell: (row) => joined(row.customer?.firstName, row.customer?.lastName) },
    { header: 'Phone', cell: (row) => shownPhone(row.customer?.phone) },
    { header: 'Email', cell: (row) => row.customer?.email ?? '' },
    { header: 'Home Address', cell: (row) => row.customer?.homeAddress ?? '', miw: 180 },
  ],
  drivers: [
    { header: 'Name', cell: (row) => joined(row.driver?.firstName, row.driver?.lastName) },
    { header: 'Phone', cell: (row) => shownPhone(row.driver?.phone) },
    { header: 'Email', cell: (row) => row.driver?.email ?? '' },
  ],
  vehicles: [
    { header: 'Registration', cell: (row) => row.vehicle?.registration ?? '' },
    { header: 'Vehicle Type', cell: (row) => row.vehicle?.type ?? '' },
    {
      header: 'Vehicle',
      cell: (row) =>
        row.vehicle
          ? joined(row.vehicle.year, row.vehicle.make, row.vehicle.model, row.vehicle.colour)
          : '',
    },
    { header: 'Seats', cell: (row) => row.vehicle?.seats ?? '' },
  ],
  bookings: [
    {
      header: 'Pickup',
      cell: (row) => (row.booking ? pickupText(row.booking.pickupWallTime) : ''),
      miw: 190,
    },
    { header: 'From', cell: (row) => row.booking?.pickupLocation ?? '', miw: 180 },
    { header: 'To', cell: (row) => row.booking?.dropoffLocation ?? '', miw: 180 },
    {
      header: 'Passenger',
      cell: (row) =>
        row.booking
          ? joined(row.booking.passengerName, shownPhone(row.booking.phone), row.booking.email)
          : '',
      miw: 160,
    },
    {
      header: 'Customer',
      cell: (row) => {
        const customer = row.booking?.customer;
        if (!customer) return '';
        return customer.isNew ? `${customer.name} (new customer)` : customer.name;
      },
    },
    {
      header: 'Vehicle',
      cell: (row) =>
        row.booking
          ? `${row.booking.vehicleType}, ${row.booking.numPassengers} pax, ${row.booking.numSuitcases} bags`
          : '',
    },
  ],
};

/** Whether the row leaves a record (new or merged); a skipped or failed one has none. */
function isStored(row: PreviewRow): boolean {
  return Boolean(row.customer ?? row.driver ?? row.vehicle ?? row.booking);
}

/**
 * The first rows of a file as they will be stored, each with its result and
 * reason; a row that will not be stored shows who or what it is instead.
 */
export function PreviewTable({ kind, rows }: { kind: ImportKind; rows: PreviewRow[] }) {
  const columns = COLUMNS[kind];
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Table striped stickyHeader fz="sm" miw={900} aria-label="Preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th miw={90}>Result</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.header} miw={column.miw}>
                {column.header}
              </Table.Th>
            ))}
            <Table.Th miw={220}>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>
                <ActionBadge action={row.action} />
              </Table.Td>
              {isStored(row) ? (
                columns.map((column) => <Table.Td key={column.header}>{column.cell(row)}</Table.Td>)
              ) : (
                // Nothing will be stored: what the file gave, so the row can be found and fixed.
                <Table.Td colSpan={columns.length} c="dimmed">
                  {row.name}
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm" inherit>
                  {row.reason ?? ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
