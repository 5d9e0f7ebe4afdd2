import type { QueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../domain/bookings/api';
import type { Driver } from '../../../../domain/drivers/api';
import type { LiveEvent } from '../../../../domain/live-events/api';
import { haversineMeters } from '../../../../domain/maps/haversine';
import {
  BOOKINGS_QUERY_KEY,
  type BookingListParams,
  type BookingListResponse,
} from '../../dispatch/api/get-bookings';
import { getBookingQueryKey, type BookingDetailResponse } from '../../dispatch/api/get-booking';
import { DRIVERS_LIST_QUERY_KEY, DRIVERS_QUERY_KEY } from '../../dispatch/api/get-drivers';
import type { NearbyDriver } from '../../dispatch/api/get-nearest-drivers';
import { JOB_CLASHES_QUERY_KEY } from '../../dispatch/api/get-job-clashes';

function matchesFilters(booking: Booking, params: BookingListParams): boolean {
  const time = new Date(booking.pickupTime).getTime();
  if (params.from && time < new Date(params.from).getTime()) return false;
  if (params.to && time >= new Date(params.to).getTime()) return false;
  if (params.status && params.status.length > 0 && !params.status.includes(booking.status)) {
    return false;
  }
  return true;
}

function byPickupTime(a: Booking, b: Booking): number {
  return new Date(a.pickupTime).getTime() - new Date(b.pickupTime).getTime();
}

/**
 * A list with one booking's new state: replaced, removed when it no longer
 * matches the list's filters, or added in pickup-time order. Returns null
 * when the list cannot tell (a text search), so the caller refetches it.
 */
export function mergeBookingIntoList(
  list: BookingListResponse,
  params: BookingListParams,
  booking: Booking,
): BookingListResponse | null {
  const index = list.bookings.findIndex((item) => item.id === booking.id);
  const matches = matchesFilters(booking, params);
  if (index === -1) {
    if (!matches) return list;
    if (params.q) return null;
    const bookings = [...list.bookings, booking].sort(byPickupTime);
    return { bookings, total: list.total + 1 };
  }
  if (!matches) {
    return {
      bookings: list.bookings.filter((item) => item.id !== booking.id),
      total: Math.max(0, list.total - 1),
    };
  }
  const bookings = list.bookings.slice();
  const moved = bookings[index]?.pickupTime !== booking.pickupTime;
  bookings[index] = booking;
  return { ...list, bookings: moved ? bookings.sort(byPickupTime) : bookings };
}

function upsertDriver<T extends Driver>(drivers: T[], driver: Driver): T[] {
  const index = drivers.findIndex((item) => item.id === driver.id);
  if (index === -1) return drivers;
  const next = drivers.slice();
  next[index] = { ...drivers[index], ...driver } as T;
  return next;
}

/** How long reads asked for by events wait for the rest of their burst. */
export const EVENT_BURST_MS = 250;

const waitingReads = new WeakMap<QueryClient, Set<string>>();

/**
 * Reads a query again a moment after the first event that asks for it, once
 * for the whole burst. A bulk assign of 40 jobs sends 40 events in a second:
 * read again at each, the board's counts were cancelled and asked for 80
 * times, and the dispatcher's clicks waited seconds behind them.
 */
function readAgainSoon(queryClient: QueryClient, queryKey: readonly unknown[], exact = false) {
  let waiting = waitingReads.get(queryClient);
  if (!waiting) {
    waiting = new Set();
    waitingReads.set(queryClient, waiting);
  }
  const id = JSON.stringify([queryKey, exact]);
  if (waiting.has(id)) return;
  waiting.add(id);
  setTimeout(() => {
    waiting.delete(id);
    void queryClient.invalidateQueries({ queryKey, exact });
  }, EVENT_BURST_MS);
}

/** Applies one server-sent event to the TanStack Query caches. */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'driver.updated': {
      const { driver } = event;
      queryClient.setQueryData<{ drivers: Driver[] }>(DRIVERS_LIST_QUERY_KEY, (old) => {
        if (!old) return old;
        const known = old.drivers.some((item) => item.id === driver.id);
        return { drivers: known ? upsertDriver(old.drivers, driver) : [driver, ...old.drivers] };
      });
      // A nearest list's driver moves on, distance and all: a tester saw '4.6 km'
      // for a driver whose phone had reported 34 km away. The list's key holds
      // its point ([..., 'nearest', lat, lng, radiusKm]); Assign sorts again.
      const nearestLists = queryClient.getQueriesData<{ drivers: NearbyDriver[] }>({
        queryKey: [...DRIVERS_QUERY_KEY, 'nearest'],
      });
      for (const [key, old] of nearestLists) {
        if (!old?.drivers.some((item) => item.id === driver.id)) continue;
        const [, , lat, lng] = key as readonly [string, string, number, number];
        const drivers = upsertDriver(old.drivers, driver).map((item) =>
          item.id === driver.id && item.location
            ? { ...item, distanceMeters: Math.round(haversineMeters({ lat, lng }, item.location)) }
            : item,
        );
        queryClient.setQueryData(key, { drivers });
      }
      return;
    }
    case 'booking.created':
    case 'booking.updated': {
      const { booking } = event;
      const lists = queryClient.getQueriesData<BookingListResponse>({
        queryKey: [...BOOKINGS_QUERY_KEY, 'list'],
      });
      for (const [key, list] of lists) {
        if (!list) continue;
        const params = (key[2] ?? {}) as BookingListParams;
        const merged = mergeBookingIntoList(list, params, booking);
        if (merged) queryClient.setQueryData(key, merged);
        else readAgainSoon(queryClient, key, true);
      }
      const detailKey = getBookingQueryKey(booking.id);
      queryClient.setQueryData<BookingDetailResponse>(detailKey, (old) =>
        old ? { ...old, booking } : old,
      );
      // The event history grew: read it again. A read on its way may have been
      // answered before this change, and with nothing shown yet TanStack would
      // wait for it rather than read again: it is dropped first.
      void queryClient
        .cancelQueries({ queryKey: detailKey, exact: true })
        .then(() => queryClient.invalidateQueries({ queryKey: detailKey, exact: true }));
      readAgainSoon(queryClient, [...BOOKINGS_QUERY_KEY, 'count']);
      // A job given, taken off, moved or finished may make or end a clash for Assign.
      readAgainSoon(queryClient, JOB_CLASHES_QUERY_KEY);
      return;
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
