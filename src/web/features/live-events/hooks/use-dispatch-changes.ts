import { useEffect, useRef } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import type { Driver } from '../../../../domain/drivers/api';

const LIVE_EVENTS_URL = '/api/events';

export type DispatchChangeHandlers = {
  /**
   * A booking created or changed anywhere; null after the stream reconnects
   * (events may have been missed: refetch).
   */
  onBooking?: (booking: Booking | null) => void;
  /**
   * A driver's status changed (on or off shift, suspended), or a driver
   * changed in a way the event does not say. Position reports, which leave
   * the status as it was, are not passed on: they come every few seconds.
   */
  onDriverStatus?: (driverId: string) => void;
};

/**
 * Listens to the server-sent event stream (GET /api/events) for the
 * dispatcher's screens. The browser reconnects a dropped stream by itself.
 */
export function useDispatchChanges(handlers: DispatchChangeHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_EVENTS_URL);
    const statusById = new Map<string, Driver['status']>();
    let hadGap = false;
    source.onopen = () => {
      if (hadGap) latest.current.onBooking?.(null);
      hadGap = false;
    };
    source.onerror = () => {
      hadGap = true;
    };
    source.onmessage = (message: MessageEvent) => {
      try {
        const event = JSON.parse(String(message.data)) as {
          type?: string;
          id?: string;
          booking?: Booking;
          driver?: Driver;
        };
        if (
          (event.type === 'booking.created' || event.type === 'booking.updated') &&
          event.booking
        ) {
          latest.current.onBooking?.(event.booking);
        } else if (event.type === 'driver.updated') {
          const id = event.driver?.id ?? event.id;
          if (!id) return;
          const status = event.driver?.status;
          const known = statusById.get(id);
          if (status) statusById.set(id, status);
          if (!status || status !== known) latest.current.onDriverStatus?.(id);
        }
      } catch {
        // Not an event we know: ignore it.
      }
    };
    return () => source.close();
  }, []);
}
