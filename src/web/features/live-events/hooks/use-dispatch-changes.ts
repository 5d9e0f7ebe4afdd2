import { useRef } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import type { Driver } from '../../../../domain/drivers/api';
import { useLiveStream } from './use-live-stream';

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
 * dispatcher's screens (useLiveStream: reconnects, and stops while signed out).
 */
export function useDispatchChanges(handlers: DispatchChangeHandlers): void {
  const statusById = useRef(new Map<string, Driver['status']>());
  useLiveStream({
    onOpen: (hadGap) => {
      if (hadGap) handlers.onBooking?.(null);
    },
    onMessage: (message) => {
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
          handlers.onBooking?.(event.booking);
        } else if (event.type === 'driver.updated') {
          const id = event.driver?.id ?? event.id;
          if (!id) return;
          const status = event.driver?.status;
          const known = statusById.current.get(id);
          if (status) statusById.current.set(id, status);
          if (!status || status !== known) handlers.onDriverStatus?.(id);
        }
      } catch {
        // Not an event we know: ignore it.
      }
    },
  });
}
