import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { Download, Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DRIVER_RECORD_STATUSES,
  DRIVER_RECORD_STATUS_LABELS,
  driverAccountLabel,
  formatRating,
  type DriverRecordStatus,
  type RosterDriver,
} from '../../../../domain/drivers';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { FormDialog } from '../../../components/form-dialog';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { rosterCsvUrl, useRoster } from '../api/get-roster';
import { DriverForm } from '../components/driver-form';
import { RECORD_STATUS_COLORS } from '../components/record-status';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';
import { RosterVehicle } from '../components/roster-vehicle';

const SEARCH_DELAY_MS = 300;

const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  ...DRIVER_RECORD_STATUSES.map((status) => ({
    value: status,
    label: DRIVER_RECORD_STATUS_LABELS[status],
  })),
];

function DriverRow({ driver }: { driver: RosterDriver }) {
  const name = `${driver.firstName} ${driver.lastName}`;
  const timeZone = useBusinessTimeZone();
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`${paths.adminDrivers}/${driver.id}`} fw={600}>
          {name}
        </Anchor>
        {driver.accountState === 'invited' && (
          <Badge
            color="gray"
            variant="light"
            size="sm"
            ml="xs"
            title={driverAccountLabel(driver, timeZone)}
          >
            Invited
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{driver.phone ? phoneForDisplay(driver.phone) : '—'}</Table.Td>
      <Table.Td>
        <Badge color={RECORD_STATUS_COLORS[driver.status]} variant="light">
          {DRIVER_RECORD_STATUS_LABELS[driver.status]}
        </Badge>
      </Table.Td>
      <Table.Td>{driver.isOnShift ? 'On shift' : 'Off shift'}</Table.Td>
      <Table.Td>
        <RosterVehicle driver={driver} />
      </Table.Td>
      <Table.Td>{formatRating(driver.rating)}</Table.Td>
      <Table.Td ta="right">{driver.tripsThisMonth}</Table.Td>
    </Table.Tr>
  );
}

/** What an empty list says: 'No drivers yet' only when nothing filters it. */
function emptyRosterText(query: string, statusFilter: string): string {
  const status =
    statusFilter === 'all' ? null : DRIVER_RECORD_STATUS_LABELS[statusFilter as DriverRecordStatus];
  if (query && status) return `No drivers match "${query}" with the status ${status}`;
  if (query) return `No drivers match "${query}"`;
  if (status) return `No drivers are ${status.toLowerCase()}`;
  return 'No drivers yet';
}

/** /admin/drivers: the driver records, searched, filtered, exported, added. */
export function DriversPage() {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [statusFilter, setStatusFilter] = useState('all');
  const [isAdding, setAdding] = useState(false);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const navigate = useNavigate();
  const rosterQuery = {
    q: query || undefined,
    status: statusFilter === 'all' ? undefined : (statusFilter as DriverRecordStatus),
  };
  const roster = useRoster(rosterQuery);

  return (
    <>
      <PageTitle>Drivers</PageTitle>
      <Text c="dimmed" mt={-8} mb="lg">
        Driver records, vehicles and ratings.{' '}
        <Anchor component={Link} to={paths.adminVehicles}>
          Vehicles
        </Anchor>
      </Text>

      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="sm" style={{ flex: '1 1 420px' }}>
          <TextInput
            aria-label="Search drivers"
            placeholder="Search by name, phone or plate..."
            leftSection={<Search size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
            maw={360}
          />
          <SegmentedControl
            aria-label="Status"
            // Five statuses do not fit across a phone: stacked, the page does not scroll sideways.
            orientation={isPhone ? 'vertical' : 'horizontal'}
            fullWidth={isPhone}
            data={STATUS_FILTERS}
            value={statusFilter}
            onChange={setStatusFilter}
          />
        </Group>
        <Group gap="sm">
          <Button
            component="a"
            href={rosterCsvUrl(rosterQuery)}
            download
            variant="default"
            leftSection={<Download size={16} />}
          >
            Export CSV
          </Button>
          <Button leftSection={<UserPlus size={16} />} onClick={() => setAdding(true)}>
            Add Driver
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md">
        {roster.isPending ? (
          <Center py={60} role="status">
            <Loader />
            <VisuallyHidden>Loading drivers</VisuallyHidden>
          </Center>
        ) : roster.isError ? (
          <Alert color="red" role="alert" m="md">
            {errorMessage(roster.error)}
          </Alert>
        ) : roster.data.drivers.length === 0 ? (
          <Text c="dimmed" ta="center" py={60}>
            {emptyRosterText(query, statusFilter)}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Shift</Table.Th>
                  <Table.Th>Current Vehicle</Table.Th>
                  <Table.Th>Rating</Table.Th>
                  <Table.Th ta="right">Trips This Month</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: roster.isPlaceholderData ? 0.6 : 1 }}>
                {roster.data.drivers.map((driver) => (
                  <DriverRow key={driver.id} driver={driver} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <FormDialog opened={isAdding} onClose={() => setAdding(false)} title="Add Driver" size="lg">
        <DriverForm
          driver={null}
          onCancel={() => setAdding(false)}
          onDone={(driver) => {
            setAdding(false);
            void navigate(`${paths.adminDrivers}/${driver.id}`);
          }}
        />
      </FormDialog>
    </>
  );
}
