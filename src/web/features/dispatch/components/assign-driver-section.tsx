import { Badge, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import type { Availability, Driver } from '../../../../domain/drivers/api';
import { assignBlock } from '../../../../domain/drivers/assign-block';
import { byAssignPreference } from '../../../../domain/drivers/assign-preference';
import { vehicleFitsJob } from '../../../../domain/vehicles/fit';
import { useAssignBooking } from '../api/assign-booking';
import { useJobClashes } from '../api/get-job-clashes';
import { useDrivers } from '../api/get-drivers';
import { ASSIGN_RADIUS_KM, useNearestDrivers } from '../api/get-nearest-drivers';
import { formatKm } from '../../../../domain/format/distance';
import { assignedNotice, assignRefusedNotice, hasDriverApp } from '../utils/assigned-notice';
import { AssignBlockBadge } from './assign-block-badge';
import { NoAppBadge } from './no-app-badge';
import { focusBookingDetails } from '../utils/dispatch-focus';
import { pickupPoint } from '../../../../domain/maps/coordinates';

const MAX_CANDIDATES = 8;

export const AVAILABILITY_COLOR: Record<Availability, string> = {
  free: 'green',
  busy: 'orange',
  away: 'gray',
};

type Candidate = Driver & { distanceMeters?: number };

/**
 * Assign: the drivers within 50 km of the pickup, those with a current
 * position first and each group nearest first (byAssignPreference), or every
 * free driver when the pickup has no coordinates; the first eight, with all
 * of them a click away; and any other driver dispatch may assign, by name
 * (off shift for a later job, no recent position). An en-route job may go to
 * another driver (decision 184): the section says whom that takes it off.
 * A driver who cannot work (assignBlock: suspended, papers not in order) is
 * marked with the reason and cannot be picked; the server still judges. A
 * driver with another job this one does not fit beside is marked with it
 * (job-clash) and may still be picked: the assignment warns again.
 */
export function AssignDriverSection({ booking }: { booking: Booking }) {
  const pickup = pickupPoint(booking);
  const nearest = useNearestDrivers(pickup);
  const drivers = useDrivers();
  const assign = useAssignBooking();
  const clashes = useJobClashes(booking.id);
  const clashOf = (driverId: string) =>
    clashes.data?.clashes.find((clash) => clash.driverId === driverId) ?? null;
  const job = {
    passengers: booking.numPassengers,
    suitcases: booking.numSuitcases,
    vehicleType: booking.vehicleType,
  };

  const candidates: Candidate[] = byAssignPreference(
    pickup
      ? (nearest.data?.drivers ?? []).filter((driver) => driver.status === 'active')
      : (drivers.data?.drivers ?? []).filter((driver) => driver.availability === 'free'),
  );
  const isLoading = pickup ? nearest.isLoading : drivers.isLoading;
  const [isShowingAll, setShowingAll] = useState(false);
  const shown = isShowingAll ? candidates : candidates.slice(0, MAX_CANDIDATES);
  const [otherId, setOtherId] = useState<string | null>(null);
  // Deactivated drivers are not listed; those who cannot work come last,
  // marked with why, and cannot be picked.
  const others = (drivers.data?.drivers ?? [])
    .filter(
      (driver) => driver.id !== booking.driver?.id && !shown.some((item) => item.id === driver.id),
    )
    .map((driver) => {
      const block = assignBlock(driver);
      // A suspended driver is away by that alone: the one word says it.
      const notes = [
        block === 'suspended' ? null : driver.availability,
        block,
        clashOf(driver.id)?.label,
        hasDriverApp(driver) ? null : 'no app account',
      ];
      return {
        value: driver.id,
        label: `${driver.firstName} ${driver.lastName} (${notes.filter(Boolean).join(', ')})`,
        disabled: block !== null,
      };
    })
    .sort((a, b) => Number(a.disabled) - Number(b.disabled) || a.label.localeCompare(b.label));
  const other = drivers.data?.drivers.find((driver) => driver.id === otherId) ?? null;

  function handleAssign(driver: Candidate) {
    // Every Assign is disabled while it is sent, and the driver's is 'Assigned' after.
    focusBookingDetails();
    assign.mutate(
      { id: booking.id, driverId: driver.id, expectedDriverId: booking.driver?.id ?? null },
      {
        onSuccess: (warnings) =>
          notifications.show(assignedNotice(driver, booking.reference, warnings)),
        onError: (error) => notifications.show(assignRefusedNotice(error)),
      },
    );
  }

  return (
    <Stack gap="xs">
      {booking.status === 'en-route' && booking.driver ? (
        <Text size="sm" c="orange.8">
          {booking.driver.firstName} {booking.driver.lastName} is on the way. Assigning another
          driver takes the job off them.
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {pickup
          ? `Drivers within ${ASSIGN_RADIUS_KM} km of the pickup: current positions first, then nearest`
          : 'Free drivers (the pickup has no map position)'}
      </Text>
      {isLoading ? <Loader size="xs" aria-label="Loading drivers" /> : null}
      {!isLoading && candidates.length === 0 ? (
        <Text size="sm" c="dimmed">
          No drivers available.
        </Text>
      ) : null}
      {shown.map((driver) => {
        const name = `${driver.firstName} ${driver.lastName}`;
        const isCurrent = booking.driver?.id === driver.id;
        const isBlocked = assignBlock(driver) !== null;
        const clash = isCurrent ? null : clashOf(driver.id);
        return (
          <Group key={driver.id} justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {name}
              </Text>
              <Group gap={6}>
                <Badge size="xs" variant="light" color={AVAILABILITY_COLOR[driver.availability]}>
                  {driver.availability}
                </Badge>
                <AssignBlockBadge driver={driver} />
                {clash ? (
                  // Assigning is allowed (the estimate may be wrong); the whole warning is the title.
                  <Badge size="xs" variant="light" color="red" title={clash.warning}>
                    {clash.label}
                  </Badge>
                ) : null}
                {driver.distanceMeters !== undefined ? (
                  <Text size="xs" c="dimmed">
                    {formatKm(driver.distanceMeters)}
                  </Text>
                ) : null}
                {hasDriverApp(driver) ? null : <NoAppBadge />}
                {driver.location?.isStale ? (
                  // The distance is from where they last reported, as the Nearest Drivers tool says.
                  <Badge size="xs" variant="outline" color="gray">
                    Position not recent
                  </Badge>
                ) : null}
                {driver.vehicle ? (
                  <>
                    <Text size="xs" c="dimmed" truncate>
                      {driver.vehicle.type} · {driver.vehicle.registration}
                    </Text>
                    {vehicleFitsJob(driver.vehicle.type, job) ? (
                      <Badge size="xs" variant="outline" color="green">
                        Fits
                      </Badge>
                    ) : (
                      <Badge size="xs" variant="outline" color="orange">
                        Too small
                      </Badge>
                    )}
                  </>
                ) : (
                  <Text size="xs" c="dimmed">
                    No vehicle
                  </Text>
                )}
              </Group>
            </div>
            <Button
              size="compact-xs"
              flex="none"
              variant={isCurrent ? 'default' : 'filled'}
              disabled={isCurrent || isBlocked || assign.isPending}
              aria-label={`Assign ${name}`}
              onClick={() => handleAssign(driver)}
            >
              {isCurrent ? 'Assigned' : 'Assign'}
            </Button>
          </Group>
        );
      })}
      {shown.length < candidates.length ? (
        <Button
          variant="subtle"
          size="compact-xs"
          w="fit-content"
          onClick={() => setShowingAll(true)}
        >
          Show all {candidates.length}
        </Button>
      ) : null}
      {others.length > 0 ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label="Another driver"
            placeholder="Search by name"
            data={others}
            value={otherId}
            onChange={setOtherId}
            searchable
            size="xs"
            flex={1}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            size="compact-xs"
            flex="none"
            mb={4}
            disabled={!other || assign.isPending}
            aria-label={other ? `Assign ${other.firstName} ${other.lastName}` : 'Assign'}
            onClick={() => {
              if (!other) return;
              handleAssign(other);
              setOtherId(null);
            }}
          >
            Assign
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
