import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  DRIVER_RECORD_STATUS_LABELS,
  driverAccountLabel,
  type RosterDriver,
} from '../../../../domain/drivers';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { FormDialog } from '../../../components/form-dialog';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useDriverProfile } from '../api/get-driver-profile';
import { useDriverDocuments } from '../../documents/api/fleet-documents';
import { DriverDocumentsPanel } from '../../documents/components/driver-documents-panel';
import { DriverProfileView } from '../components/driver-profile-view';
import { useDriverRecord } from '../api/get-driver-record';
import { useSetDriverActive } from '../api/save-driver';
import { DriverForm } from '../components/driver-form';
import { RECORD_STATUS_COLORS } from '../components/record-status';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * The licence number the record gives, or else the one on the driver's
 * licence card: a driver added without it and given a card read 'Not set'
 * beside the card's number.
 */
function useLicenceNumber(driver: RosterDriver): string {
  const documents = useDriverDocuments(driver.id);
  if (driver.licenceNumber) return driver.licenceNumber;
  const card = documents.data?.documents.find(
    (document) => document.subject === 'driver' && document.type === 'licence',
  );
  return card?.number ? `${card.number} (on the licence card)` : 'Not set';
}

function RecordCard({ driver, onEdit }: { driver: RosterDriver; onEdit: () => void }) {
  const setActive = useSetDriverActive();
  const licenceNumber = useLicenceNumber(driver);
  const timeZone = useBusinessTimeZone();
  const isInactive = driver.status === 'inactive';
  const name = `${driver.firstName} ${driver.lastName}`;

  function toggleActive() {
    const run = async () => {
      try {
        await setActive.mutateAsync({ id: driver.id, isActive: isInactive });
        notifications.show({
          color: 'green',
          title: isInactive ? 'Driver reactivated' : 'Driver deactivated',
          message: name,
        });
      } catch (error) {
        notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(error) });
      }
    };
    if (isInactive) {
      void run();
      return;
    }
    modals.openConfirmModal({
      title: `Deactivate ${name}?`,
      children: (
        <Text size="sm">
          They will be signed out, cannot sign in or be assigned jobs, and lose their current
          vehicle. Their jobs go back to dispatch, flagged for a new driver. The record is kept (WA
          requires it for two years) and can be reactivated.
        </Text>
      ),
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(),
    });
  }

  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            Record
          </Title>
          <Badge color={RECORD_STATUS_COLORS[driver.status]} variant="light">
            {DRIVER_RECORD_STATUS_LABELS[driver.status]}
          </Badge>
          <Badge color={driver.isOnShift ? 'green' : 'gray'} variant="outline">
            {driver.isOnShift ? 'On shift' : 'Off shift'}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={onEdit} disabled={isInactive}>
            Edit
          </Button>
          <Button
            color={isInactive ? 'green' : 'red'}
            variant="light"
            onClick={toggleActive}
            loading={setActive.isPending}
          >
            {isInactive ? 'Reactivate' : 'Deactivate'}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label="Phone">{driver.phone ? phoneForDisplay(driver.phone) : 'Not set'}</Fact>
        <Fact label="Email">{driver.email ?? 'Not set'}</Fact>
        <Fact label="Licence number">{licenceNumber}</Fact>
        <Fact label="Trips this month">{driver.tripsThisMonth}</Fact>
        <Fact label="May drive">
          {driver.drivesAnyVehicle
            ? 'Any vehicle'
            : `${driver.allowedVehicleIds.length} listed vehicle${driver.allowedVehicleIds.length === 1 ? '' : 's'}`}
        </Fact>
        <Fact label="Account">
          {driverAccountLabel(driver, timeZone)}
          {driver.accountState === 'invited' && (
            <Text span display="block" size="xs" c="dimmed">
              If the link has expired, the driver asks for a new one with 'Forgot your password?' on
              the sign-in page.
            </Text>
          )}
        </Fact>
        <Fact label="Ratings given">{driver.ratingCount}</Fact>
        <Fact label="Notes">{driver.notes || 'None'}</Fact>
      </SimpleGrid>
    </Card>
  );
}

/** /admin/drivers/:id: the record an admin edits, and the driver profile dashboard (spec 2.8). */
/**
 * Why the profile is not shown. An address whose id is not a driver's id at
 * all (a typed or cut URL) is as missing as an id no driver has.
 */
function loadFailure(error: unknown): string {
  if (isApiError(error) && error.status === 400 && error.fields?.id) return 'Driver not found.';
  return errorMessage(error);
}

export function DriverDetailPage() {
  const { id = '' } = useParams();
  const record = useDriverRecord(id);
  const profile = useDriverProfile(id);
  const [isEditing, setEditing] = useState(false);

  return (
    <>
      <Anchor component={Link} to={paths.adminDrivers} size="sm">
        <Group gap={4}>
          <ArrowLeft size={14} aria-hidden /> Drivers
        </Group>
      </Anchor>
      <PageTitle>Driver Profile</PageTitle>
      {record.isPending || profile.isPending ? (
        <Center py={60} role="status">
          <Loader />
          <VisuallyHidden>Loading the driver</VisuallyHidden>
        </Center>
      ) : record.isError || profile.isError ? (
        <Alert color="red" role="alert">
          {loadFailure(record.error ?? profile.error)}
        </Alert>
      ) : (
        <Stack gap="lg">
          <RecordCard driver={record.data.driver} onEdit={() => setEditing(true)} />
          <Card withBorder padding="md">
            <DriverProfileView driver={profile.data.driver} />
          </Card>
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              Driver Documentation
            </Title>
            <DriverDocumentsPanel driverId={id} canReview />
          </Card>
          <FormDialog
            opened={isEditing}
            onClose={() => setEditing(false)}
            title="Edit Driver"
            size="lg"
          >
            <DriverForm
              driver={record.data.driver}
              onCancel={() => setEditing(false)}
              onDone={() => setEditing(false)}
            />
          </FormDialog>
        </Stack>
      )}
    </>
  );
}
