import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications, type NotificationData } from '@mantine/notifications';
import type { Booking } from '../../../../domain/bookings/api';
import { dispatchFlag, type DispatchFlag } from '../../../../domain/bookings/dispatch-flag';
import type { LiveEvent } from '../../../../domain/live-events/api';
import { BOOKINGS_QUERY_KEY } from '../../dispatch/api/get-bookings';
import { DRIVERS_QUERY_KEY } from '../../dispatch/api/get-drivers';
import { BACKGROUND_NOTICE_PRIORITY } from '../../../lib/notice-priority';
import { applyLiveEvent } from './live-cache';
import { useLiveStream } from './use-live-stream';

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

/** The notice for a new flag: its words, giving way to the dispatcher's own answers. */
export function flagNotice(flag: DispatchFlag, booking: Booking): NotificationData {
  return { ...flagWords(flag, booking), priority: BACKGROUND_NOTICE_PRIORITY };
}

/** A new flag's colour, title and message. */
function flagWords(flag: DispatchFlag, booking: Booking) {
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
 * Keeps the drivers and bookings caches current from GET /api/events
 * (useLiveStream: reconnects, and stops while signed out). After any gap the
 * caches are refetched, since events may have been missed.
 */
export function useLiveEvents(handlers: LiveEventHandlers = {}): void {
  const queryClient = useQueryClient();
  const told = useRef(new Set<string>());

  useLiveStream({
    onOpen: (hadGap) => {
      if (!hadGap) return;
      void queryClient.invalidateQueries({ queryKey: DRIVERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY });
    },
    onMessage: (message) => {
      const event = parseEvent(message.data);
      if (!event) return;
      applyLiveEvent(queryClient, event);
      if (event.type === 'booking.updated') tellDispatch(event.booking, told.current);
      if (event.type === 'booking.created') handlers.onBookingCreated?.(event);
    },
  });
}
