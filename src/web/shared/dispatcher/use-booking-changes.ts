import { useEffect, useRef } from 'react';
import type { Booking } from '../../../domain/bookings/api';

const LIVE_EVENTS_URL = '/api/events';

/**
 * Calls `onChange` with every booking created or changed anywhere, from the
 * server-sent event stream (GET /api/events), and with null after the stream
 * reconnects (events may have been missed: refetch). The browser reconnects a
 * dropped stream by itself.
 */
export function useBookingChanges(onChange: (booking: Booking | null) => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_EVENTS_URL);
    let hadGap = false;
    source.onopen = () => {
      if (hadGap) latest.current(null);
      hadGap = false;
    };
    source.onerror = () => {
      hadGap = true;
    };
    source.onmessage = (message: MessageEvent) => {
      try {
        const event = JSON.parse(String(message.data)) as { type?: string; booking?: Booking };
        if (
          (event.type === 'booking.created' || event.type === 'booking.updated') &&
          event.booking
        ) {
          latest.current(event.booking);
        }
      } catch {
        // Not an event we know: ignore it.
      }
    };
    return () => source.close();
  }, []);
}
