import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { SearchAllDatesLink } from '../../../components/search-all-dates-link';
import {
  defaultRangeExtractor,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import type { Booking } from '../../../../domain/bookings/api';
import { dispatchFlag, driverAcceptance } from '../../../../domain/bookings/dispatch-flag';
import { formatDateTime } from '../../../../domain/format';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import classes from './dispatch.module.css';
import { AcceptanceBadge } from './acceptance-badge';
import { DispatchFlagBadge } from './dispatch-flag-badge';
import { StatusBadge } from './status-badge';

const ROW_ESTIMATE_PX = 104;
const OVERSCAN = 8;

type BookingListProps = {
  bookings: Booking[];
  isLoading: boolean;
  /** A load is on its way: a selected booking not in the list yet may be in it. */
  isFetching: boolean;
  /**
   * The rows are the last filters' (scrollKey's list is on its way): they stay
   * on screen meanwhile, and the list opens once its own rows are in.
   */
  isPlaceholder?: boolean;
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

/**
 * Smooth for a row near the view (in the page already), so the eye follows
 * the list; at once for one further off, which a smooth scroll through
 * hundreds of rows would show only after a couple of seconds; and at once
 * when the dispatcher's system asks for reduced motion.
 */
function revealBehavior(isNear: boolean): ScrollBehavior {
  const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return isNear && !isReduced ? 'smooth' : 'auto';
}

type ListVirtualizer = Virtualizer<HTMLDivElement, Element>;

/**
 * Whether row `index` is near the view: in it, or in the rows rendered just
 * past it. Read from the range, not the rows in the page: the Tab stop is
 * kept in the page however far off it is.
 */
function isRowInPage(virtualizer: ListVirtualizer, index: number): boolean {
  const { range, options } = virtualizer;
  return (
    range !== null &&
    index >= range.startIndex - options.overscan &&
    index <= range.endIndex + options.overscan
  );
}

/**
 * The one row in the Tab order (a roving tabindex): while the focus is in the
 * list, the focused row, so Tab leaves the list from there; else the selected
 * row, else the row focused last, else the first row in view (`firstInView`),
 * so that tabbing in does not pull the list back from where it opened.
 */
export function tabStopIndex(
  selectedIndex: number,
  focusedIndex: number,
  isFocusInList: boolean,
  firstInView: number,
): number {
  if (isFocusInList && focusedIndex !== -1) return focusedIndex;
  if (selectedIndex !== -1) return selectedIndex;
  if (focusedIndex !== -1) return focusedIndex;
  return firstInView;
}

/** Whether any part of row `index` shows in the list. */
function isRowInView(virtualizer: ListVirtualizer, index: number): boolean {
  const row = virtualizer.getVirtualItems().find((item) => item.index === index);
  const top = virtualizer.scrollOffset ?? 0;
  const bottom = top + (virtualizer.scrollRect?.height ?? 0);
  return row !== undefined && row.end > top && row.start < bottom;
}

/**
 * Scrolls the list the least that shows row `index` whole (scrollIntoView's
 * 'nearest', for rows not yet in the page too), and not at all when it shows
 * whole already. The check is ours: the virtualiser's 'auto' still writes the
 * offset it is at for a row touching the list's edge.
 */
function scrollRowIntoView(virtualizer: ListVirtualizer, index: number, behavior: ScrollBehavior) {
  const target = virtualizer.getOffsetForIndex(index, 'auto');
  if (!target || Math.abs(target[0] - (virtualizer.scrollOffset ?? 0)) < 1) return;
  virtualizer.scrollToIndex(index, { align: 'auto', behavior });
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
 * page, so a couple of thousand bookings scroll smoothly. A press (the
 * mouse's, so a redraw before the release cannot lose it), a tap or Enter
 * selects a row, shown whole if the list cut it; the arrow keys, Home and End
 * move between rows, and the list is one Tab stop (tabStopIndex). A booking selected another way (the $0 notice's Edit Booking, a
 * /dispatch?booking= link) is scrolled into view when its row is in the list,
 * and a selected row the dispatcher could see stays in view when it moves.
 */
export function BookingList({
  bookings,
  isLoading,
  isFetching,
  isPlaceholder = false,
  selectedId,
  onSelect,
  scrollKey = '',
  search,
}: BookingListProps) {
  const timeZone = useBusinessTimeZone();
  const scrollRef = useRef<HTMLDivElement>(null);
  const selectedIndex = useMemo(
    () => bookings.findIndex((booking) => booking.id === selectedId),
    [bookings, selectedId],
  );
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [isFocusInList, setFocusInList] = useState(false);
  const focusedIndex = useMemo(
    () => bookings.findIndex((booking) => booking.id === focusedId),
    [bookings, focusedId],
  );
  // A selected or focused Tab stop stays in the page when scrolled out of
  // view, so Tab and Shift+Tab still reach the list at its row, and a focused
  // row scrolled away keeps the focus. (Without one, the stop is a row in view.)
  const keptStop = tabStopIndex(selectedIndex, focusedIndex, isFocusInList, -1);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (keptStop < 0 || keptStop >= range.count || indexes.includes(keptStop)) return indexes;
      return [...indexes, keptStop].sort((a, b) => a - b);
    },
    [keptStop],
  );
  const virtualizer = useVirtualizer({
    count: bookings.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => bookings[index]?.id ?? index,
    rangeExtractor,
  });
  const tabStop =
    keptStop !== -1 ? keptStop : Math.min(virtualizer.range?.startIndex ?? 0, bookings.length - 1);
  const isSelectedInView = isRowInView(virtualizer, selectedIndex);
  // The selected row as the last render left it. The list renders again
  // whenever the rows in view change, so this says whether the dispatcher
  // could see the row before a re-sort moved it.
  const lastSelected = useRef({ id: selectedId, index: selectedIndex, isInView: false });

  const openedAt = useRef<string | null>(null);
  const seenSelectedId = useRef<string | null>(null);
  // Selected by a click or Enter on its row: the row is in view (selectRow
  // shows it whole), and scrolling to it again would move it under the pointer.
  const rowSelectedId = useRef<string | null>(null);
  // Selected another way, its row still to be shown.
  const revealId = useRef<string | null>(null);
  useEffect(() => {
    if (selectedId !== seenSelectedId.current) {
      seenSelectedId.current = selectedId;
      revealId.current = selectedId === rowSelectedId.current ? null : selectedId;
      rowSelectedId.current = null;
    }
    const revealIndex =
      revealId.current === null
        ? -1
        : bookings.findIndex((booking) => booking.id === revealId.current);
    // A booking the loaded list leaves out is not brought in: the list's
    // filters are the dispatcher's choice (decision 121).
    if (revealIndex !== -1 || !isFetching) revealId.current = null;
    if (bookings.length > 0 && !isPlaceholder && openedAt.current !== scrollKey) {
      // Once per list (not on every live update, which would yank the
      // dispatcher's scroll): at the selected booking, else the next pickups.
      // Not on the last filters' rows, shown while the new ones load: that
      // moved them under the pointer, and the new list then opened nowhere.
      openedAt.current = scrollKey;
      const index = revealIndex !== -1 ? revealIndex : indexOfNextPickup(bookings, Date.now());
      if (index > 0) virtualizer.scrollToIndex(index, { align: 'start' });
    } else if (revealIndex !== -1) {
      const isNear = isRowInPage(virtualizer, revealIndex);
      scrollRowIntoView(virtualizer, revealIndex, revealBehavior(isNear));
    } else if (
      selectedIndex !== -1 &&
      selectedId === lastSelected.current.id &&
      selectedIndex !== lastSelected.current.index &&
      lastSelected.current.isInView
    ) {
      // The selected row moved (its pickup time changed, here or by a live
      // update): followed if the dispatcher could see it, never if they had
      // scrolled it away; a row still whole in view after the move stays put,
      // so live updates shifting it by a row or two do not shake the list.
      const isNear = isRowInPage(virtualizer, selectedIndex);
      scrollRowIntoView(virtualizer, selectedIndex, revealBehavior(isNear));
    }
  }, [bookings, isFetching, isPlaceholder, scrollKey, selectedId, selectedIndex, virtualizer]);

  // After the effect above, which compares with the render before.
  useEffect(() => {
    lastSelected.current = { id: selectedId, index: selectedIndex, isInView: isSelectedInView };
  }, [selectedId, selectedIndex, isSelectedInView]);

  /** The row a key moved the focus to, until the frame that focuses it. */
  const pendingFocus = useRef<number | null>(null);

  function selectRow(booking: Booking, index: number) {
    rowSelectedId.current = booking.id;
    onSelect(booking);
    // A row the list cuts at its edge is shown whole, as focusing it would;
    // at once and by the least scroll, and a row shown whole does not move
    // under the pointer.
    scrollRowIntoView(virtualizer, index, 'auto');
  }

  // A row is selected on the mouse's press, not on its click: a click is a
  // press and a release on one element, and a list redrawn between the two (a
  // live change, a search's answer) moves the row from under the pointer, so
  // the release lands on another row and the click on the list: lost. A press
  // cannot be split. A finger's mousedown comes only with its tap, just before
  // the click, and never when the finger scrolls the list.
  function handleMouseDown(event: MouseEvent<HTMLDivElement>, booking: Booking, index: number) {
    if (event.button === 0) selectRow(booking, index);
  }

  function handleClick(event: MouseEvent<HTMLDivElement>, booking: Booking, index: number) {
    // A click with no press before it (detail 0: a screen reader's, a script's).
    if (event.detail === 0) selectRow(booking, index);
  }

  function focusRow(index: number) {
    const booking = bookings[index];
    if (!booking) return;
    // The Tab stop is rendered wherever it is: the row is in the page to focus.
    setFocusedId(booking.id);
    virtualizer.scrollToIndex(index, { align: 'auto' });
    pendingFocus.current = index;
    requestAnimationFrame(() => {
      if (pendingFocus.current === index) pendingFocus.current = null;
      scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>, rowIndex: number, row: Booking) {
    // A key pressed again before the frame moved the focus (a held arrow, a
    // busy phone) goes on from the row it is moving to, not the one it left.
    const index = pendingFocus.current ?? rowIndex;
    const booking = bookings[index] ?? row;
    switch (event.key) {
      case 'Enter':
      case ' ':
        event.preventDefault();
        selectRow(booking, index);
        return;
      case 'ArrowDown':
        event.preventDefault();
        focusRow(index + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        focusRow(index - 1);
        return;
      case 'Home':
        event.preventDefault();
        focusRow(0);
        return;
      case 'End':
        event.preventDefault();
        focusRow(bookings.length - 1);
        return;
      default:
        return;
    }
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusInList(false);
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
        onFocus={() => setFocusInList(true)}
        onBlur={handleBlur}
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
              tabIndex={item.index === tabStop ? 0 : -1}
              className={classes.row}
              style={{ transform: `translateY(${item.start}px)` }}
              onFocus={() => setFocusedId(booking.id)}
              onMouseDown={(event) => handleMouseDown(event, booking, item.index)}
              onClick={(event) => handleClick(event, booking, item.index)}
              onKeyDown={(event) => handleKeyDown(event, item.index, booking)}
            >
              <Stack gap={2}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} truncate>
                    {booking.passengerName || 'No passenger name'}
                  </Text>
                  <StatusBadge status={booking.status} />
                </Group>
                {/* Their own line: the list is narrow in the split view. At most
                    one shows: a flag says more than the acceptance it replaces. */}
                {dispatchFlag(booking) || driverAcceptance(booking) ? (
                  <Group>
                    <DispatchFlagBadge booking={booking} />
                    <AcceptanceBadge booking={booking} />
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
