import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { Booking } from '../../../../domain/bookings/api';
import { dispatchFlag, type DispatchFlag } from '../../../../domain/bookings/dispatch-flag';
import type { LiveEvent } from '../../../../domain/live-events/api';
import { BOOKINGS_QUERY_KEY } from '../../dispatch/api/get-bookings';
import { DRIVERS_QUERY_KEY } from '../../dispatch/api/get-drivers';
import { applyLiveEvent } from './live-cache';

export const LIVE_EVENTS_URL = '/api/events';
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

function parseEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as Partial<LiveEvent> | null;
    if (!event || typeof event.type !== 'string') return null;
    if (event.type === 'driver.updated' && 'driver' in event && event.driver) {
      return event as LiveEvent;
    }
    if (
      (event.type === 'booking.created' || event.type === 'booking.updated') &&
      'booking' in event &&
      event.booking
    ) {
      return event as LiveEvent;
    }
    return null;
  } catch {
    return null;
  }
}

/** The notice for a new flag: its colour, title and message. */
function flagNotice(flag: DispatchFlag, booking: Booking) {
  const driver = booking.driver ? `${booking.driver.firstName} ${booking.driver.lastName}` : null;
  const job = `${booking.reference} (${booking.passengerName || 'no passenger name'})`;
  switch (flag) {
    case 'not-accepted':
      return {
        color: 'red',
        title: 'Assignment not accepted',
        message: `${driver ?? 'The driver'} has not accepted ${job}.`,
      };
    case 'declined':
      return {
        color: 'orange',
        title: 'Job declined',
        // The driver gave a reason for dispatch to read (their Decline dialog says so).
        message: booking.declinedReason
          ? `${job} needs a new driver. The driver's reason: ${booking.declinedReason}`
          : `${job} needs a new driver.`,
      };
    case 'returned':
      return {
        color: 'red',
        title: 'Job returned to dispatch',
        message: `${job} needs a new driver. ${booking.returnedReason ?? 'Its driver was suspended.'}`,
      };
  }
}

/** A new flag on a booking, said once: not accepted, declined, or returned to dispatch. */
function tellDispatch(booking: Booking, told: Set<string>): void {
  const flag = dispatchFlag(booking);
  if (!flag) return;
  const key = `${booking.id}:${booking.acknowledgementOverdueAt ?? booking.returnedAt ?? booking.declinedAt ?? ''}`;
  if (told.has(key)) return;
  told.add(key);
  notifications.show(flagNotice(flag, booking));
}

export type BookingCreatedEvent = Extract<LiveEvent, { type: 'booking.created' }>;

export type LiveEventHandlers = {
  /** A booking was created, by anyone (the event says who: createdBy). */
  onBookingCreated?: (event: BookingCreatedEvent) => void;
};

/**
 * Keeps the drivers and bookings caches current from GET /api/events. The
 * browser reconnects a dropped stream by itself; when the server closes it
 * for good (a restart, a 5xx) we open a new one with a growing delay. After
 * any gap the caches are refetched, since events may have been missed.
 */
export function useLiveEvents(handlers: LiveEventHandlers = {}): void {
  const queryClient = useQueryClient();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let hadGap = false;
    let isStopped = false;
    const told = new Set<string>();

    function connect() {
      const current = new EventSource(LIVE_EVENTS_URL);
      source = current;
      current.onopen = () => {
        attempt = 0;
        if (!hadGap) return;
        hadGap = false;
        void queryClient.invalidateQueries({ queryKey: DRIVERS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY });
      };
      current.onmessage = (message: MessageEvent) => {
        const event = parseEvent(message.data);
        if (!event) return;
        applyLiveEvent(queryClient, event);
        if (event.type === 'booking.updated') tellDispatch(event.booking, told);
        if (event.type === 'booking.created') latest.current.onBookingCreated?.(event);
      };
      current.onerror = () => {
        hadGap = true;
        if (current.readyState !== EventSource.CLOSED || isStopped) return;
        current.close();
        const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
        attempt += 1;
        retryTimer = setTimeout(connect, delay);
      };
    }

    connect();
    return () => {
      isStopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient]);
}
