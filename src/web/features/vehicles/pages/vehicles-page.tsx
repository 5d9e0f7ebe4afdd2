import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  VEHICLE_STATUS_LABELS,
  VEHICLE_STATUSES,
  VEHICLE_TYPES,
  type FleetVehicle,
  type VehicleStatus,
  type VehicleType,
} from '../../../../domain/vehicles';
import { vehicleDriversText } from '../../../../domain/drivers';
import { FormDialog } from '../../../components/form-dialog';
import { VEHICLE_DOCUMENTS_PARAM } from '../../../../domain/documents';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useUrlParams } from '../../../lib/use-url-params';
import { VehicleDocumentsPanel } from '../../documents/components/driver-documents-panel';
import { useVehicles } from '../api/get-vehicles';
import { useDeactivateVehicle } from '../api/save-vehicle';
import { VehicleForm } from '../components/vehicle-form';

const SEARCH_DELAY_MS = 300;
/** History state of a Documents dialog opened from the list: closing it goes Back. */
const PAPERS_OPENED_HERE = 'vehicle-documents-opened-here';
const STATUS_COLORS: Record<VehicleStatus, string> = {
  active: 'green',
  'in-service': 'yellow',
  inactive: 'gray',
};

function features(vehicle: FleetVehicle): string {
  const list = [
    vehicle.isElectric ? 'Electric' : null,
    vehicle.isWheelchairAccessible ? 'Wheelchair accessible' : null,
  ].filter(Boolean);
  return list.length > 0 ? list.join(', ') : '—';
}

/** Driven by: the driver on shift in it now, and whose usual car it is (vehicleDriversText). */
function DrivenByCell({ vehicle }: { vehicle: FleetVehicle }) {
  const { current, note } = vehicleDriversText(vehicle);
  return (
    <Table.Td>
      {current}
      {note ? (
        <Text span display="block" size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Table.Td>
  );
}

/**
 * Papers: in order, or what they lack, as a driver's shift start reads them
 * (decision 212): a car an admin set Active can still keep every driver out.
 * A deactivated car is on record only: its papers are nobody's worry.
 */
function PapersCell({ vehicle }: { vehicle: FleetVehicle }) {
  if (vehicle.status === 'inactive') return <Table.Td c="dimmed">—</Table.Td>;
  const problems = vehicle.paperProblems;
  return (
    <Table.Td>
      <Badge
        color={problems.length === 0 ? 'green' : 'red'}
        variant="light"
        style={{ overflow: 'visible' }}
        miw="max-content"
      >
        {problems.length === 0 ? 'In order' : 'Not in order'}
      </Badge>
      {problems.length > 0 ? (
        <Text span display="block" size="xs" c="red.9">
          {problems.join('; ')}
        </Text>
      ) : null}
    </Table.Td>
  );
}

/** /admin/vehicles: the fleet's vehicles, searched and filtered; add, edit, deactivate, their papers. */
export function VehiclesPage() {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const [editing, setEditing] = useState<FleetVehicle | 'new' | null>(null);
  // /admin/vehicles?documents=<id>: the vehicle whose Documents dialog is open (a dashboard alert's link).
  const [params, changeParams] = useUrlParams();
  const papersId = params.get(VEHICLE_DOCUMENTS_PARAM);
  const navigate = useNavigate();
  const location = useLocation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const deactivate = useDeactivateVehicle();
  const list = useVehicles({
    q: query || undefined,
    status: (status || undefined) as VehicleStatus | undefined,
    type: (type || undefined) as VehicleType | undefined,
  });

  const papersOf = papersId
    ? (list.data?.vehicles.find((vehicle) => vehicle.id === papersId) ?? null)
    : null;

  /** Opens a vehicle's documents as a step in history: Back closes them. */
  function openPapers(vehicle: FleetVehicle) {
    const next = new URLSearchParams(params);
    next.set(VEHICLE_DOCUMENTS_PARAM, vehicle.id);
    void navigate({ search: `?${next}` }, { state: PAPERS_OPENED_HERE });
  }

  function closePapers() {
    if (location.state === PAPERS_OPENED_HERE) void navigate(-1);
    else changeParams((next) => next.delete(VEHICLE_DOCUMENTS_PARAM), { replace: true });
  }

  function confirmDeactivate(vehicle: FleetVehicle) {
    modals.openConfirmModal({
      title: `Deactivate ${vehicle.registration}?`,
      children: (
        <Text size="sm">
          It is kept on record but no longer offered to drivers or dispatch, and its drivers are
          left without a current vehicle.
        </Text>
      ),
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deactivate.mutateAsync(vehicle.id);
          notifications.show({
            color: 'green',
            title: 'Vehicle deactivated',
            message: vehicle.registration,
          });
        } catch (error) {
          notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(error) });
        }
      },
    });
  }

  return (
    <>
      <PageTitle>Vehicles</PageTitle>
      <Text c="dimmed" mt={-8} mb="lg">
        The fleet: plates, types, seats, status and papers.{' '}
        <Anchor component={Link} to={paths.adminDrivers}>
          Drivers
        </Anchor>
      </Text>
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="sm" style={{ flex: '1 1 420px' }}>
          <TextInput
            aria-label="Search vehicles"
            placeholder="Search by plate, make or model..."
            leftSection={<Search size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
            maw={320}
          />
          <NativeSelect
            aria-label="Status"
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value)}
            data={[
              { value: '', label: 'Any status' },
              ...VEHICLE_STATUSES.map((value) => ({
                value,
                label: VEHICLE_STATUS_LABELS[value],
              })),
            ]}
          />
          <NativeSelect
            aria-label="Vehicle type"
            value={type}
            onChange={(event) => setType(event.currentTarget.value)}
            data={[{ value: '', label: 'Any type' }, ...VEHICLE_TYPES]}
          />
        </Group>
        <Button leftSection={<Plus size={16} />} onClick={() => setEditing('new')}>
          Add Vehicle
        </Button>
      </Group>

      <Paper withBorder radius="md">
        {list.isPending ? (
          <Center py={60} role="status">
            <Loader />
            <VisuallyHidden>Loading vehicles</VisuallyHidden>
          </Center>
        ) : list.isError ? (
          <Alert color="red" role="alert" m="md">
            {errorMessage(list.error)}
          </Alert>
        ) : list.data.vehicles.length === 0 ? (
          <Text c="dimmed" ta="center" py={60}>
            {query ? `No vehicles match "${query}"` : 'No vehicles yet'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={940}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Plate</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Vehicle</Table.Th>
                  <Table.Th ta="right">Seats</Table.Th>
                  <Table.Th>Features</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Papers</Table.Th>
                  <Table.Th>Driven by</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.vehicles.map((vehicle) => (
                  <Table.Tr key={vehicle.id}>
                    <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {vehicle.registration}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{vehicle.type}</Table.Td>
                    <Table.Td>
                      {[vehicle.colour, vehicle.year, vehicle.make, vehicle.model]
                        .filter(Boolean)
                        .join(' ')}
                    </Table.Td>
                    <Table.Td ta="right">{vehicle.seats}</Table.Td>
                    <Table.Td>{features(vehicle)}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={STATUS_COLORS[vehicle.status]}
                        variant="light"
                        style={{ overflow: 'visible' }}
                        miw="max-content"
                      >
                        {VEHICLE_STATUS_LABELS[vehicle.status]}
                      </Badge>
                    </Table.Td>
                    <PapersCell vehicle={vehicle} />
                    <DrivenByCell vehicle={vehicle} />
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => openPapers(vehicle)}
                          aria-label={`Documents of ${vehicle.registration}`}
                        >
                          Documents
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setEditing(vehicle)}
                          aria-label={`Edit ${vehicle.registration}`}
                        >
                          Edit
                        </Button>
                        {vehicle.status !== 'inactive' && (
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            onClick={() => confirmDeactivate(vehicle)}
                            aria-label={`Deactivate ${vehicle.registration}`}
                          >
                            Deactivate
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <Modal
        opened={papersId !== null}
        onClose={closePapers}
        title={papersOf ? `Documents: ${papersOf.registration}` : 'Documents'}
        size="xl"
        fullScreen={isPhone}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {papersId && <VehicleDocumentsPanel vehicleId={papersId} />}
      </Modal>

      <FormDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add Vehicle' : 'Edit Vehicle'}
        size="lg"
      >
        {editing !== null && (
          <VehicleForm
            vehicle={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onDone={() => setEditing(null)}
          />
        )}
      </FormDialog>
    </>
  );
}
