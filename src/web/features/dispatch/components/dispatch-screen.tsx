import { memo, useState } from 'react';
import { Badge, Button, Group, Paper, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { CalendarDays, Clock, Search } from 'lucide-react';
import type { Booking } from '../../../../domain/bookings/api';
import { addCalendarDays, dayRangeToIso } from '../../../../domain/bookings/wall-time';
import { BOOKING_STATUS_OPTIONS, type BookingStatus } from '../../../../domain/bookings/status';
import type { Driver } from '../../../../domain/drivers/api';
import { DISPATCH_LIST_LIMIT, useBookings } from '../api/get-bookings';
import { useNow } from '../../../lib/use-now';
import { formatTimeOfDay } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { BookingDetailPanel } from './booking-detail-panel';
import { BookingList } from './booking-list';
import { DriverMap, type AvailabilityFilter } from './driver-map';
import type { MapPickup } from './driver-map-constants';
import classes from './dispatch-screen.module.css';
import { SEARCH_TEXT_MAX } from '../../../../domain/api/text';
import { pickupPoint } from '../../../../domain/maps/coordinates';

export type ViewMode = 'split' | 'map' | 'list';

const VIEW_MODES: { value: ViewMode; label: string }[] = [
  { value: 'split', label: 'Split View' },
  { value: 'map', label: 'Map View' },
  { value: 'list', label: 'List View' },
];

/** The list's default period: today and the next 7 days. */
export const DEFAULT_LIST_DAYS = 7;
const SEARCH_DELAY_MS = 300;
const ALL_STATUSES = 'all';

type DayRange = [string | null, string | null];

function defaultRange(today: string): DayRange {
  return [today, addCalendarDays(today, DEFAULT_LIST_DAYS)];
}

/** The toolbar clock, in its own component: it re-renders as the time passes, nothing else does. */
function ToolbarClock() {
  const now = useNow();
  const timeZone = useBusinessTimeZone();
  return (
    <Group gap={4} wrap="nowrap">
      <Clock size={14} aria-hidden />
      <Text size="sm" fw={600} aria-label="Current time" role="timer">
        {formatTimeOfDay(now, timeZone)}
      </Text>
    </Group>
  );
}

type DispatchScreenProps = {
  today: string;
  drivers: readonly Driver[];
  activeDrivers: number;
  pendingBookings: number | undefined;
  selectedId: string | null;
  selectedBooking: Booking | null;
  /** The driver opened from Search (/dispatch?driver=<id>), shown on the map. */
  focusDriverId?: string | null;
  onSelect: (booking: Booking) => void;
  onCloseDetails: () => void;
  onEdit: (booking: Booking) => void;
  onCancel: (booking: Booking) => void;
};

/** Spec 2.13: view modes, the clock and live counts; the booking list, the map and the detail panel. */
export const DispatchScreen = memo(function DispatchScreen({
  today,
  drivers,
  activeDrivers,
  pendingBookings,
  selectedId,
  selectedBooking,
  focusDriverId = null,
  onSelect,
  onCloseDetails,
  onEdit,
  onCancel,
}: DispatchScreenProps) {
  const [view, setView] = useState<ViewMode>('split');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DELAY_MS);
  // null: the default period, which follows today (the business's, once its zone has loaded).
  const [chosenRange, setRange] = useState<DayRange | null>(null);
  const range = chosenRange ?? defaultRange(today);
  const timeZone = useBusinessTimeZone();
  const [status, setStatus] = useState<string>(ALL_STATUSES);
  const [markerFilter, setMarkerFilter] = useState<AvailabilityFilter>('all');

  const [firstDay, lastDay] = range;
  const isTodayOnly = firstDay === today && (lastDay === today || lastDay === null);
  const period = firstDay ? dayRangeToIso(firstDay, lastDay ?? firstDay, timeZone) : null;
  const bookings = useBookings({
    ...(period ?? {}),
    ...(status === ALL_STATUSES ? {} : { status: [status as BookingStatus] }),
    ...(debouncedSearch.trim() ? { q: debouncedSearch.trim() } : {}),
    limit: DISPATCH_LIST_LIMIT,
  });
  const list = bookings.data?.bookings ?? [];
  const total = bookings.data?.total ?? 0;

  const pickupAt = selectedBooking ? pickupPoint(selectedBooking) : null;
  const pickup: MapPickup | null =
    selectedBooking && pickupAt ? { ...pickupAt, label: selectedBooking.pickupLocation } : null;
  const showList = view !== 'map';
  const showMap = view !== 'list';
  const showDetail = selectedId !== null;

  return (
    <section className={classes.screen} aria-label="Dispatch screen">
      <Paper withBorder radius="md" px="sm" py={6} className={classes.toolbar}>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Button.Group aria-label="View mode">
            {VIEW_MODES.map((mode) => (
              <Button
                key={mode.value}
                size="xs"
                variant={view === mode.value ? 'filled' : 'default'}
                aria-pressed={view === mode.value}
                onClick={() => setView(mode.value)}
              >
                {mode.label}
              </Button>
            ))}
          </Button.Group>
          <Group gap="md" wrap="wrap">
            <ToolbarClock />
            <Tooltip label="Drivers whose account is active (not suspended or inactive)">
              <Text size="sm">
                Active drivers: <strong>{activeDrivers}</strong>
              </Text>
            </Tooltip>
            <Tooltip label="Bookings from today on that no driver has yet">
              <Text size="sm">
                Pending bookings: <strong>{pendingBookings ?? '…'}</strong>
              </Text>
            </Tooltip>
          </Group>
        </Group>
      </Paper>

      <div className={classes.body} data-view={view} data-detail={showDetail || undefined}>
        {showList ? (
          <Paper withBorder radius="md" className={classes.listPanel}>
            <div className={classes.filters}>
              <TextInput
                aria-label="Search bookings"
                placeholder="Search bookings..."
                maxLength={SEARCH_TEXT_MAX}
                leftSection={<Search size={14} aria-hidden />}
                size="xs"
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
              />
              <Group gap={6} wrap="nowrap">
                <DatePickerInput
                  type="range"
                  aria-label="Dates"
                  size="xs"
                  leftSection={<CalendarDays size={14} aria-hidden />}
                  valueFormat="D/M"
                  allowSingleDateInRange
                  value={range}
                  onChange={(value) => setRange(value as DayRange)}
                  nextLabel="Next month"
                  previousLabel="Previous month"
                  style={{ flex: 1, minWidth: 0 }}
                />
                <Button
                  size="xs"
                  px="xs"
                  variant={isTodayOnly ? 'filled' : 'default'}
                  aria-pressed={isTodayOnly}
                  title={isTodayOnly ? 'Back to today and the next 7 days' : 'Only today'}
                  onClick={() => setRange(isTodayOnly ? null : [today, today])}
                >
                  Today
                </Button>
              </Group>
              <Select
                aria-label="Status"
                size="xs"
                value={status}
                allowDeselect={false}
                onChange={(value) => setStatus(value ?? ALL_STATUSES)}
                data={[{ value: ALL_STATUSES, label: 'All statuses' }, ...BOOKING_STATUS_OPTIONS]}
              />
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed" aria-live="polite">
                  {bookings.isFetching && !bookings.data
                    ? 'Loading bookings...'
                    : total > list.length
                      ? `Showing ${list.length} of ${total} bookings`
                      : `${total} ${total === 1 ? 'booking' : 'bookings'}`}
                </Text>
                {bookings.isError ? (
                  <Badge color="red" variant="light" size="sm">
                    Could not load bookings
                  </Badge>
                ) : null}
              </Group>
            </div>
            <div className={classes.listBody}>
              <BookingList
                bookings={list}
                isLoading={bookings.isLoading}
                isFetching={bookings.isFetching}
                isPlaceholder={bookings.isPlaceholderData}
                selectedId={selectedId}
                onSelect={onSelect}
                scrollKey={`${firstDay ?? ''}|${lastDay ?? ''}|${status}|${debouncedSearch}`}
                search={debouncedSearch}
              />
            </div>
          </Paper>
        ) : null}

        {showMap || showDetail ? (
          <div className={classes.mapAreaWrap}>
            <div className={classes.mapArea} data-detail={showDetail || undefined}>
              {showMap ? (
                // The notices stand over the map's top-right corner, clear of the
                // toolbars and the detail panel (route-overlays.tsx, decision 149).
                <div className={classes.mapBox} data-notices-place>
                  <DriverMap
                    drivers={drivers}
                    filter={markerFilter}
                    onFilterChange={setMarkerFilter}
                    pickup={pickup}
                    focusDriverId={focusDriverId}
                    compact={showDetail}
                  />
                </div>
              ) : null}
              {selectedId ? (
                <div className={classes.detailBox}>
                  <BookingDetailPanel
                    bookingId={selectedId}
                    onClose={onCloseDetails}
                    onEdit={onEdit}
                    onCancel={onCancel}
                  />
                </div>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
});
