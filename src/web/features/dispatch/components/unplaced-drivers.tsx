import { Group, Text } from '@mantine/core';
import { MapPinOff, PhoneOff } from 'lucide-react';
import type { Driver } from '../../../../domain/drivers/api';
import { hasLostContact } from '../../../../domain/drivers/availability';
import { formatPastInstant } from '../../../../domain/format';
import { useNow } from '../../../lib/use-now';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import classes from './unplaced-drivers.module.css';

/** The heading of the list under the map (issue 10: the map says so, it does not just leave them out). */
export const UNPLACED_HEADING = 'On shift, position unknown';

/** The drivers set apart under it: on shift by the record, silent since (LOST_CONTACT_MS). */
export const LOST_CONTACT_HEADING = 'On shift, not heard from for over 12 hours';

const LOST_CONTACT_HINT =
  'Most likely the shift was never ended: do not count on them until they are heard from.';

// The 'last seen' words change with the hour and the day, not the second.
const CLOCK_MS = 60_000;

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

/**
 * The unplaced drivers (driversWithoutPosition) in two groups: those whose
 * position is unknown for now, and those not heard from for so long
 * (hasLostContact) that dispatch should not count them as available.
 */
export function splitByContact(
  unplaced: readonly Driver[],
  now: Date,
): { unknown: Driver[]; lost: Driver[] } {
  const isLost = (driver: Driver) =>
    driver.location !== null && hasLostContact(new Date(driver.location.updatedAt), now);
  return {
    unknown: unplaced.filter((driver) => !isLost(driver)),
    lost: unplaced.filter(isLost),
  };
}

/** 'last seen 9:32 am', 'last seen yesterday 11:05 pm': the day said unless it is today. */
export function lastSeen(driver: Driver, now: Date, timeZone: string): string {
  if (!driver.location) return 'no position yet';
  return `last seen ${formatPastInstant(driver.location.updatedAt, now, timeZone)}`;
}

type DriverChipsProps = {
  drivers: readonly Driver[];
  focusDriverId: string | null;
  describe: (driver: Driver) => string;
};

function DriverChips({ drivers, focusDriverId, describe }: DriverChipsProps) {
  return drivers.map((driver) => (
    <Text
      key={driver.id}
      size="sm"
      component="span"
      className={classes.driver}
      data-focused={driver.id === focusDriverId || undefined}
    >
      {driver.firstName} {driver.lastName} ({describe(driver)})
    </Text>
  ));
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
  const now = useNow(CLOCK_MS);
  const { unknown, lost } = splitByContact(driversWithoutPosition(drivers), now);
  const notice = focusedDriverNotice(drivers, shown, focusDriverId);
  if (unknown.length === 0 && lost.length === 0 && !notice) return null;
  return (
    <div className={classes.strip} role="region" aria-label={UNPLACED_HEADING}>
      {notice ? (
        <Text size="sm" fw={700} role="status" className={classes.notice}>
          {notice}
        </Text>
      ) : null}
      {unknown.length > 0 ? (
        <Group gap={6} wrap="wrap" align="center">
          <MapPinOff size={14} aria-hidden />
          <Text size="sm" fw={600}>
            {UNPLACED_HEADING}:
          </Text>
          <DriverChips
            drivers={unknown}
            focusDriverId={focusDriverId}
            describe={(driver) => lastSeen(driver, now, timeZone)}
          />
        </Group>
      ) : null}
      {lost.length > 0 ? (
        <Group
          gap={6}
          wrap="wrap"
          align="center"
          className={classes.lost}
          title={LOST_CONTACT_HINT}
        >
          <PhoneOff size={14} aria-hidden />
          <Text size="sm" fw={600}>
            {LOST_CONTACT_HEADING}:
          </Text>
          <DriverChips
            drivers={lost}
            focusDriverId={focusDriverId}
            describe={(driver) =>
              `not heard from since ${formatPastInstant(driver.location!.updatedAt, now, timeZone)}`
            }
          />
        </Group>
      ) : null}
    </div>
  );
}
