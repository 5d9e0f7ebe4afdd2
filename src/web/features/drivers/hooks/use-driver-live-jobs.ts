import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Booking } from '../../../../domain/bookings/api';
import type { LiveEventActor } from '../../../../domain/live-events/api';
import { DRIVER_APP_QUERY_KEY } from '../api/get-driver-home';

/**
 * Keeps the driver's jobs current from GET /api/events (the server sends a
 * driver only their own bookings, and those just taken from them) and calls
 * onBooking with each booking changed, and 'system' when no person changed it.
 */
export function useDriverLiveJobs(
  onBooking: (booking: Booking, actor?: LiveEventActor) => void,
): void {
  const queryClient = useQueryClient();
  const callback = useRef(onBooking);
  callback.current = onBooking;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    source.onmessage = (message: MessageEvent<string>) => {
      type Event = { type?: string; booking?: Booking; actor?: LiveEventActor };
      let event: Event | null = null;
      try {
        event = JSON.parse(message.data) as Event;
      } catch {
        return;
      }
      if (!event?.type?.startsWith('booking.') || !event.booking) return;
      void queryClient.invalidateQueries({ queryKey: DRIVER_APP_QUERY_KEY });
      callback.current(event.booking, event.actor === 'system' ? 'system' : undefined);
    };
    // After a gap events may have been missed: read the jobs again.
    source.onopen = () => void queryClient.invalidateQueries({ queryKey: DRIVER_APP_QUERY_KEY });
    return () => source.close();
  }, [queryClient]);
}
