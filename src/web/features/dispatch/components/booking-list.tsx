import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { SearchAllDatesLink } from '../../../components/search-all-dates-link';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Booking } from '../../../../domain/bookings/api';
import { dispatchFlag } from '../../../../domain/bookings/dispatch-flag';
import { formatDateTime } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import classes from './dispatch.module.css';
import { DispatchFlagBadge } from './dispatch-flag-badge';
import { StatusBadge } from './status-badge';

const ROW_ESTIMATE_PX = 104;
const OVERSCAN = 8;

type BookingListProps = {
  bookings: Booking[];
  isLoading: boolean;
  selectedId: string | null;
  onSelect: (booking: Booking) => void;
  /** When it changes (other dates, filters), the list scrolls to the next pickups again. */
  scrollKey?: string;
  /** The words the list was searched for, if any (an empty list then offers Search). */
  search?: string;
};

/** Pickups this recent still count as "now": the car may be at the kerb. */
const NOW_LEEWAY_MS = 15 * 60_000;

/**
 * The row to open the list at: the first pickup from a quarter of an hour ago
 * on (the list is in pickup order), else the last row, so a dispatcher sees
 * what is coming, not the morning's completed jobs.
 */
export function indexOfNextPickup(bookings: Booking[], now: number): number {
  const index = bookings.findIndex(
    (booking) => new Date(booking.pickupTime).getTime() >= now - NOW_LEEWAY_MS,
  );
  return index === -1 ? bookings.length - 1 : index;
}

function driverAndVehicle(booking: Booking): string {
  const driver = booking.driver
    ? `${booking.driver.firstName} ${booking.driver.lastName}`
    : 'No driver';
  const vehicle = booking.vehicle
    ? `${booking.vehicle.make} ${booking.vehicle.model} (${booking.vehicle.registration})`
    : booking.vehicleType;
  return `${driver} · ${vehicle}`;
}

/**
 * The dispatch booking list, virtualised: only the rows in view are in the
 * page, so a couple of thousand bookings scroll smoothly. Click or Enter
 * selects a row; the arrow keys move between rows.
 */
export function BookingList({
  bookings,
  isLoading,
  selectedId,
  onSelect,
  scrollKey = '',
  search,
}: BookingListProps) {
  const timeZone = useBusinessTimeZone();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: bookings.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => bookings[index]?.id ?? index,
  });

  // Once per list (not on every live update, which would yank the dispatcher's scroll).
  const openedAt = useRef<string | null>(null);
  useEffect(() => {
    if (bookings.length === 0 || openedAt.current === scrollKey) return;
    openedAt.current = scrollKey;
    const index = indexOfNextPickup(bookings, Date.now());
    if (index > 0) virtualizer.scrollToIndex(index, { align: 'start' });
  }, [bookings, scrollKey, virtualizer]);

  function focusRow(index: number) {
    if (index < 0 || index >= bookings.length) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    requestAnimationFrame(() => {
      scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number, booking: Booking) {
    switch (event.key) {
      case 'Enter':
      case ' ':
        event.preventDefault();
        onSelect(booking);
        return;
      case 'ArrowDown':
        event.preventDefault();
        focusRow(index + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        focusRow(index - 1);
        return;
      default:
        return;
    }
  }

  if (bookings.length === 0) {
    return (
      <Center h="100%" p="md">
        {isLoading ? (
          <Loader size="sm" aria-label="Loading bookings" />
        ) : (
          <Stack gap={4} align="center">
            <Text size="sm" c="dimmed">
              No bookings match.
            </Text>
            <SearchAllDatesLink q={search} />
          </Stack>
        )}
      </Center>
    );
  }

  return (
    <div ref={scrollRef} className={classes.listScroll}>
      <div
        role="listbox"
        aria-label="Bookings"
        style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const booking = bookings[item.index];
          if (!booking) return null;
          const isSelected = booking.id === selectedId;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="option"
              aria-selected={isSelected}
              aria-setsize={bookings.length}
              aria-posinset={item.index + 1}
              tabIndex={0}
              className={classes.row}
              style={{ transform: `translateY(${item.start}px)` }}
              onClick={() => onSelect(booking)}
              onKeyDown={(event) => handleKeyDown(event, item.index, booking)}
            >
              <Stack gap={2}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} truncate>
                    {booking.passengerName || 'No passenger name'}
                  </Text>
                  <StatusBadge status={booking.status} />
                </Group>
                {/* Its own line: the list is narrow in the split view. */}
                {dispatchFlag(booking) ? (
                  <Group>
                    <DispatchFlagBadge booking={booking} />
                  </Group>
                ) : null}
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="xs" fw={500}>
                    {formatDateTime(booking.pickupTime, timeZone)}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {booking.reference}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {driverAndVehicle(booking)}
                </Text>
                <Box className={classes.places}>
                  <Text size="xs" truncate>
                    <span className={classes.placeTag}>From</span> {booking.pickupLocation}
                  </Text>
                  <Text size="xs" truncate>
                    <span className={classes.placeTag}>To</span> {booking.dropoffLocation}
                  </Text>
                </Box>
              </Stack>
            </div>
          );
        })}
      </div>
    </div>
  );
}
