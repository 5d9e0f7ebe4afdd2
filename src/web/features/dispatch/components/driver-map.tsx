import { lazy, Suspense } from 'react';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { AVAILABILITIES, type Availability, type Driver } from '../../../../domain/drivers/api';
import { DEFAULT_TILE_URL, usePublicSettings } from '../../settings/api/get-public-settings';
import { AVAILABILITY_FILL, AVAILABILITY_LABEL, type MapPickup } from './driver-map-constants';
import classes from './driver-map.module.css';
import { UnplacedDrivers } from './unplaced-drivers';
import { MapErrorBoundary, MapPlaceholder } from '../../maps/components/map-fallback';

// Leaflet, react-leaflet and Leaflet's CSS arrive in their own chunk.
const LeafletDriverMap = lazy(() => import('./leaflet-driver-map'));

export type AvailabilityFilter = 'all' | Availability;

/** Spec 2.14 counts: every driver, split by Free / Busy / Away. */
export function availabilityCounts(drivers: readonly Driver[]): Record<AvailabilityFilter, number> {
  const counts: Record<AvailabilityFilter, number> = {
    all: drivers.length,
    free: 0,
    busy: 0,
    away: 0,
  };
  for (const driver of drivers) counts[driver.availability] += 1;
  return counts;
}

/**
 * Drivers drawn on the map: active, or suspended (drawn apart, so dispatch
 * sees who may not work), with a known position, in the chosen group.
 */
export function driversOnMap(drivers: readonly Driver[], filter: AvailabilityFilter): Driver[] {
  return drivers.filter(
    (driver) =>
      (driver.status === 'active' || driver.status === 'suspended') &&
      driver.location !== null &&
      (filter === 'all' || driver.availability === filter),
  );
}

type DriverMapProps = {
  drivers: readonly Driver[];
  filter: AvailabilityFilter;
  onFilterChange: (filter: AvailabilityFilter) => void;
  pickup: MapPickup | null;
  /** The driver opened from Search (/dispatch?driver=<id>): centred, popup open. */
  focusDriverId?: string | null;
  /**
   * Another panel shares the map's area (the booking details): where the two
   * are stacked, the strips under the map keep to one line, so the map keeps
   * its height (decision 149).
   */
  compact?: boolean;
};

const FILTERS: AvailabilityFilter[] = ['all', ...AVAILABILITIES];

/** The live driver map with its status bar (All / Free / Busy / Away), which filters the markers. */
export function DriverMap({
  drivers,
  filter,
  onFilterChange,
  pickup,
  focusDriverId = null,
  compact = false,
}: DriverMapProps) {
  const settings = usePublicSettings();
  const tileUrl = settings.data?.tileUrl ?? (settings.isError ? DEFAULT_TILE_URL : null);
  const counts = availabilityCounts(drivers);
  const shown = driversOnMap(drivers, filter);
  // Every suspended driver, with a position or not: none may be given a job.
  const suspended = drivers.filter((driver) => driver.status === 'suspended');

  return (
    <Box className={classes.frame} data-compact={compact || undefined}>
      <Box role="region" aria-label="Driver map" className={classes.map}>
        <MapErrorBoundary>
          <Suspense fallback={<MapPlaceholder />}>
            <LeafletDriverMap
              tileUrl={tileUrl}
              drivers={shown}
              pickup={pickup}
              focusDriverId={focusDriverId}
            />
          </Suspense>
        </MapErrorBoundary>
      </Box>
      <UnplacedDrivers drivers={drivers} shown={shown} focusDriverId={focusDriverId} />
      <Group
        gap={4}
        className={classes.statusBar}
        role="group"
        aria-label="Driver status"
        wrap="nowrap"
      >
        {FILTERS.map((item) => (
          <UnstyledButton
            key={item}
            className={classes.statusButton}
            aria-pressed={filter === item}
            onClick={() => onFilterChange(item)}
          >
            {item === 'all' ? null : (
              <span
                className={classes.dot}
                style={{ backgroundColor: AVAILABILITY_FILL[item] }}
                aria-hidden
              />
            )}
            {item === 'all' ? 'All' : AVAILABILITY_LABEL[item]} {counts[item]}
          </UnstyledButton>
        ))}
      </Group>
      {suspended.length > 0 ? (
        <Text size="xs" className={classes.suspended}>
          Suspended:{' '}
          {suspended.map((driver) => `${driver.firstName} ${driver.lastName}`).join(', ')}
        </Text>
      ) : null}
    </Box>
  );
}
