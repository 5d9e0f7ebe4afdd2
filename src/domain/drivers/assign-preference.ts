import type { Driver } from './api';

type Candidate = Pick<Driver, 'location'> & { distanceMeters?: number };

function hasCurrentPosition(driver: Candidate): boolean {
  return driver.location !== null && !driver.location.isStale;
}

/**
 * The order Assign offers drivers in: those whose position is current first,
 * then those last heard from earlier, each group nearest first. A stale
 * position is where the driver was, so a driver 10 km away now is a better
 * first call than one who was 2 km away an hour ago. Drivers without a
 * distance keep the order they came in, after those with one.
 */
export function byAssignPreference<T extends Candidate>(drivers: readonly T[]): T[] {
  const distance = (driver: T) => driver.distanceMeters ?? Number.POSITIVE_INFINITY;
  return [...drivers].sort(
    (a, b) =>
      Number(hasCurrentPosition(b)) - Number(hasCurrentPosition(a)) || distance(a) - distance(b),
  );
}
