import type { FastifyInstance } from 'fastify';
import type { ScheduledJob } from '../../lib/scheduled-work';
import { flagUnacknowledgedAssignments } from './booking-status-changes';
import { loadBookings } from './booking-read-model';

/** How often assignments are checked: a flag comes at most this late. */
export const ACKNOWLEDGEMENT_WATCH_EVERY_MS = 30_000;

/**
 * Flags each assignment not accepted within the acknowledgement timeout
 * (Settings → Dispatch) once, and tells dispatch live: the booking's
 * booking.updated carries acknowledgementOverdueAt, which the board shows.
 * Runs once per period across every app process (runScheduled).
 */
export function acknowledgementWatchJob(
  app: Pick<FastifyInstance, 'settings' | 'liveEvents'>,
): ScheduledJob {
  const { settings, liveEvents: bus } = app;
  return {
    name: 'flag-unacknowledged-assignments',
    everyMs: ACKNOWLEDGEMENT_WATCH_EVERY_MS,
    async run(db) {
      const { acknowledgementTimeoutMinutes } = await settings.dispatch();
      const ids = await flagUnacknowledgedAssignments(
        db,
        new Date(),
        acknowledgementTimeoutMinutes,
      );
      for (const booking of await loadBookings(db, ids)) {
        await bus.publishBooking('booking.updated', booking, [], 'system');
      }
    },
  };
}
