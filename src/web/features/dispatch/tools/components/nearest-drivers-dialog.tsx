import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Info } from 'lucide-react';
import type { Booking } from '../../../../../domain/bookings/api';
import { canAssign } from '../../../../../domain/bookings/status';
import type { Availability } from '../../../../../domain/drivers/api';
import { assignBlock } from '../../../../../domain/drivers/assign-block';
import { formatRating } from '../../../../../domain/drivers/rating';
import { vehicleFitsJob } from '../../../../../domain/vehicles/fit';
import { formatKm } from '../../../../../domain/format';
import { errorMessage } from '../../../../lib/api-client';
import { useAssignBooking } from '../../api/assign-booking';
import { NEARBY_RADIUS_KM, useNearbyDrivers } from '../api/get-nearby-drivers';
import { useOneAtATime } from '../../../../lib/use-one-at-a-time';
import { assignedNotice, assignRefusedNotice, hasDriverApp } from '../../utils/assigned-notice';
import { NoAppBadge } from '../../components/no-app-badge';
import { AssignBlockBadge } from '../../components/assign-block-badge';
import { pickupPoint } from '../../../../../domain/maps/coordinates';

const AVAILABILITY: Record<Availability, { label: string; color: string }> = {
  free: { label: 'Free', color: 'green' },
  busy: { label: 'Busy', color: 'orange' },
  away: { label: 'Away', color: 'gray' },
};

type NearestDriversDialogProps = { booking: Booking | null; onAssigned: () => void };

/**
 * Live drivers around the selected booking's pickup, nearest first, each
 * assignable unless they cannot work (assignBlock), which their row says.
 */
export function NearestDriversDialog({ booking, onAssigned }: NearestDriversDialogProps) {
  const pickup = booking ? pickupPoint(booking) : null;
  const drivers = useNearbyDrivers(pickup);
  const assign = useAssignBooking();
  // Past en route the job is the driver's (arrived, on board) or over.
  const isClosed = booking !== null && !canAssign(booking.status);

  const oneAtATime = useOneAtATime();

  function assignTo(driver: {
    id: string;
    firstName: string;
    lastName: string;
    userId: string | null;
  }) {
    if (!booking) return;
    // A double click assigns once.
    void oneAtATime(async () => {
      try {
        const warnings = await assign.mutateAsync({
          id: booking.id,
          driverId: driver.id,
          expectedDriverId: booking.driver?.id ?? null,
        });
        notifications.show(assignedNotice(driver, booking.reference, warnings));
        onAssigned();
      } catch (error) {
        notifications.show(assignRefusedNotice(error));
      }
    });
  }

  let body;
  if (!booking) {
    body = (
      <Alert color="blue" icon={<Info size={18} aria-hidden />}>
        Select a booking in the list to see the drivers near its pickup.
      </Alert>
    );
  } else if (!pickup) {
    body = (
      <Alert color="yellow" icon={<Info size={18} aria-hidden />}>
        This booking&apos;s pickup has no map position. Choose the pickup address from the
        suggestions in the booking form to find drivers near it.
      </Alert>
    );
  } else if (drivers.isPending) {
    body = (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Finding drivers" />
      </Group>
    );
  } else if (drivers.isError) {
    body = (
      <Alert color="red" title="Could not load the drivers">
        {errorMessage(drivers.error)}
      </Alert>
    );
  } else if (drivers.data.length === 0) {
    body = (
      <Text c="dimmed" py="md">
        No drivers within {NEARBY_RADIUS_KM} km of the pickup right now.
      </Text>
    );
  } else {
    body = (
      <Stack gap="xs" role="list" aria-label="Nearest drivers">
        {drivers.data.map((driver) => {
          const name = `${driver.firstName} ${driver.lastName}`;
          const availability = AVAILABILITY[driver.availability];
          const isCurrent = booking.driver?.id === driver.id;
          return (
            <Card key={driver.id} withBorder padding="sm" role="listitem" aria-label={name}>
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs">
                    <Text fw={600}>{name}</Text>
                    <Badge color={availability.color} variant="light">
                      {availability.label}
                    </Badge>
                    <AssignBlockBadge driver={driver} size="sm" />
                    {driver.vehicle ? (
                      vehicleFitsJob(driver.vehicle.type, {
                        passengers: booking.numPassengers,
                        suitcases: booking.numSuitcases,
                        vehicleType: booking.vehicleType,
                      }) ? (
                        <Badge color="green" variant="outline">
                          Vehicle fits
                        </Badge>
                      ) : (
                        <Badge color="orange" variant="outline">
                          Vehicle too small
                        </Badge>
                      )
                    ) : null}
                    {hasDriverApp(driver) ? null : <NoAppBadge size="sm" />}
                    {driver.location?.isStale ? (
                      <Badge color="gray" variant="outline">
                        Position not recent
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {driver.vehicle
                      ? `${driver.vehicle.type} · ${driver.vehicle.make} ${driver.vehicle.model} · ${driver.vehicle.registration}`
                      : 'No vehicle'}{' '}
                    · ★ {formatRating(driver.rating)}
                  </Text>
                </div>
                <Group gap="md" wrap="nowrap" style={{ flexShrink: 0 }}>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatKm(driver.distanceMeters)}
                  </Text>
                  <Button
                    size="xs"
                    aria-label={`Assign ${name}`}
                    disabled={
                      isClosed || isCurrent || assignBlock(driver) !== null || assign.isPending
                    }
                    loading={assign.isPending && assign.variables?.driverId === driver.id}
                    onClick={() => assignTo(driver)}
                  >
                    {isCurrent ? 'Assigned' : 'Assign'}
                  </Button>
                </Group>
              </Group>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack>
      <Text size="sm">Showing drivers within 5km radius</Text>
      {booking ? (
        <Text size="sm" c="dimmed">
          Pickup for {booking.reference}: {booking.pickupLocation}
          {isClosed ? ` (this booking is ${booking.status}; it cannot be assigned)` : ''}
        </Text>
      ) : null}
      {body}
    </Stack>
  );
}
