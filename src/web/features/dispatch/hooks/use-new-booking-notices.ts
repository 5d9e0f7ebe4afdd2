import { useCallback, useEffect, useRef } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import { useMe } from '../../auth/api/get-me';
import type { BookingCreatedEvent } from '../../live-events/hooks/use-live-events';
import { useBusinessTimeZone } from '../../settings/hooks/use-business-time-zone';
import { showNewBookingNotices } from '../components/new-booking-notice';

/** New bookings arriving this close together (an import's, a Multi Booking's) are told together. */
const BURST_MS = 400;

/**
 * The board's handler of booking.created: a booking this dispatcher did not
 * make (online, a colleague's, an import) gets a notice whose Open calls
 * `onOpen`; their own (New Booking, Multi Booking, in any tab) says nothing
 * here, as the panel that made it already did.
 */
export function useNewBookingNotices(
  onOpen: (booking: Booking) => void,
): (event: BookingCreatedEvent) => void {
  const me = useMe();
  const timeZone = useBusinessTimeZone();
  const latest = useRef({ myId: me.data?.user.id ?? null, timeZone, onOpen });
  useEffect(() => {
    latest.current = { myId: me.data?.user.id ?? null, timeZone, onOpen };
  });
  const burst = useRef<Booking[]>([]);
  const told = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback((event: BookingCreatedEvent) => {
    const { myId } = latest.current;
    // Without both ids the board cannot tell whose it is: it says nothing rather than too much.
    if (event.createdBy === undefined || myId === null || event.createdBy === myId) return;
    if (told.current.has(event.booking.id)) return;
    told.current.add(event.booking.id);
    burst.current.push(event.booking);
    timer.current ??= setTimeout(() => {
      const bookings = burst.current;
      burst.current = [];
      timer.current = undefined;
      showNewBookingNotices(bookings, latest.current.timeZone, (booking) =>
        latest.current.onOpen(booking),
      );
    }, BURST_MS);
  }, []);
}
