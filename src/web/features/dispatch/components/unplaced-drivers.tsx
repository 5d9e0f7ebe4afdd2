import { Group, Text } from '@mantine/core';
import { MapPinOff } from 'lucide-react';
import type { Driver } from '../../../../domain/drivers/api';
import { formatTimeOfDay } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import classes from './unplaced-drivers.module.css';

/** The heading of the list under the map (issue 10: the map says so, it does not just leave them out). */
export const UNPLACED_HEADING = 'On shift, position unknown';

/**
 * Drivers on shift whose position the map cannot show now: none reported
 * yet, or the last one is stale (its marker, if drawn, is where they were).
 */
export function driversWithoutPosition(drivers: readonly Driver[]): Driver[] {
  const unplaced = drivers.filter(
    (driver) => driver.status === 'active' && (driver.location === null || driver.location.isStale),
  );
  // None reported first (not on the map at all), then the longest unheard from.
  const heardAt = (driver: Driver) => (driver.location ? Date.parse(driver.location.updatedAt) : 0);
  return unplaced.sort((a, b) => heardAt(a) - heardAt(b));
}

/**
 * Why the map does not show the driver opened from Search
 * (/dispatch?driver=<id>); null when their marker is on it.
 */
export function focusedDriverNotice(
  drivers: readonly Driver[],
  shown: readonly Driver[],
  focusDriverId: string | null,
): string | null {
  if (!focusDriverId || shown.some((driver) => driver.id === focusDriverId)) return null;
  const driver = drivers.find((candidate) => candidate.id === focusDriverId);
  // Not listed (yet): the list is still loading, or the id is not a driver's.
  if (!driver) return null;
  const name = `${driver.firstName} ${driver.lastName}`.trim();
  if (driver.status !== 'active') {
    return `${name} is ${driver.status === 'suspended' ? 'suspended' : 'off shift'}: position unknown.`;
  }
  return `${name}: position unknown.`;
}

function lastSeen(driver: Driver, timeZone: string): string {
  if (!driver.location) return 'no position yet';
  return `last seen ${formatTimeOfDay(driver.location.updatedAt, timeZone)}`;
}

type UnplacedDriversProps = {
  drivers: readonly Driver[];
  /** Drivers drawn on the map, to tell whether the focused one is among them. */
  shown: readonly Driver[];
  focusDriverId: string | null;
};

/** Under the map: on-shift drivers it cannot place, and why the focused driver is not on it. */
export function UnplacedDrivers({ drivers, shown, focusDriverId }: UnplacedDriversProps) {
  const timeZone = useBusinessTimeZone();
  const unplaced = driversWithoutPosition(drivers);
  const notice = focusedDriverNotice(drivers, shown, focusDriverId);
  if (unplaced.length === 0 && !notice) return null;
  return (
    <div className={classes.strip} role="region" aria-label={UNPLACED_HEADING}>
      {notice ? (
        <Text size="sm" fw={700} role="status" className={classes.notice}>
          {notice}
        </Text>
      ) : null}
      {unplaced.length > 0 ? (
        <Group gap={6} wrap="wrap" align="center">
          <MapPinOff size={14} aria-hidden />
          <Text size="sm" fw={600}>
            {UNPLACED_HEADING}:
          </Text>
          {unplaced.map((driver) => (
            <Text
              key={driver.id}
              size="sm"
              component="span"
              className={classes.driver}
              data-focused={driver.id === focusDriverId || undefined}
            >
              {driver.firstName} {driver.lastName} ({lastSeen(driver, timeZone)})
            </Text>
          ))}
        </Group>
      ) : null}
    </div>
  );
}
