import type { Booking } from '../bookings/api';
import type { Driver } from '../drivers/api';

// The live-events API contract (GET /api/events), shared by server and web.

/**
 * Server-sent events on GET /api/events, one JSON object per `data:` line.
 * Dispatchers and admins get every event; a driver gets their own driver's
 * events and their own bookings'.
 */
export type LiveEvent =
  | { type: 'driver.updated'; driver: Driver }
  | {
      type: 'booking.created';
      booking: Booking;
      /**
       * Who created it: the signed-in user's id, or null when no one was
       * signed in (the public /book page). Only on streams that see every
       * booking (dispatch, admin): the board tells a dispatcher of the
       * bookings they did not make themselves.
       */
      createdBy?: string | null;
    }
  | {
      type: 'booking.updated';
      booking: Booking;
      /**
       * 'system': no person made the change, a scheduled pass did (the
       * compliance check suspending the booking's driver and handing the job
       * back to dispatch, the acknowledgement watch flagging it). Absent: a
       * person did (dispatch, an admin, the driver). The driver app says who
       * took a job off the driver with it.
       */
      actor?: LiveEventActor;
    };

/** Who made a change no person made (LiveEvent booking.updated's `actor`). */
export type LiveEventActor = 'system';
