import { z } from 'zod';
import { BookingSchema, ExpectedDriverIdSchema } from './api';
import { BookingStatusSchema } from './status-schema';

// The driver app's jobs: acknowledge, decline, move along; shared by server
// and web. The rules (no zod) are in driver-job-rules.ts, re-exported here.
export * from './driver-job-rules';

const occurredAt = z.iso.datetime({ offset: true }).optional();

/**
 * POST /api/bookings/:id/status: the new status; from a phone, when the
 * driver tapped; from the board, what the dispatcher saw (seen-booking.ts).
 */
export const ProgressBookingInputSchema = z.object({
  status: BookingStatusSchema,
  occurredAt,
  /**
   * The status the caller saw on the booking when it chose the step. When it
   * has another by now, the change is refused (409, naming its status and
   * driver now) and nothing changes. Left out: not checked.
   */
  expectedStatus: BookingStatusSchema.describe(
    'The status the caller saw on the booking. Another status by now: 409, nothing changed. Left out: not checked',
  ).optional(),
  /**
   * The driver the caller saw on the booking (null: none). When it has
   * another (or none) by now, the change is refused (409, naming who has it)
   * and nothing changes, so Unassign never takes the job off a driver the
   * dispatcher did not see. Left out: not checked.
   */
  expectedDriverId: ExpectedDriverIdSchema,
});
export type ProgressBookingInput = z.infer<typeof ProgressBookingInputSchema>;

export const AcknowledgeJobInputSchema = z.object({ occurredAt });

export const DeclineJobInputSchema = z.object({
  reason: z.string().trim().min(1).max(500),
  occurredAt,
});

/** A job as its driver sees it: dispatch's own flags stay with dispatch. */
export const DriverJobSchema = BookingSchema.omit({
  assignedAt: true,
  acknowledgementOverdueAt: true,
  declinedAt: true,
  declinedReason: true,
  returnedAt: true,
  returnedReason: true,
  fareSetByHand: true,
}).extend({
  /** When the driver accepted the job; null until they do. */
  acknowledgedAt: z.string().nullable(),
  /** When the driver arrived at the pickup (the no-show countdown starts there). */
  arrivedAt: z.string().nullable(),
});
export type DriverJob = z.infer<typeof DriverJobSchema>;

export const DriverJobResponseSchema = z.object({ job: DriverJobSchema });

export const DriverJobsResponseSchema = z.object({
  /** The first job in progress (en route, arrived, passenger on board), if any. */
  current: DriverJobSchema.nullable(),
  /**
   * Every other job, earliest pickup first: assigned ones not yet started and
   * any other job in progress (driverJobsAnswer).
   */
  upcoming: z.array(DriverJobSchema),
  /** Minutes after arriving before a no-show may be marked. */
  noShowWaitMinutes: z.number(),
  /** Minutes before the pickup time from which En route and Completed may be tapped. */
  setOffWindowMinutes: z.number(),
});
export type DriverJobsResponse = z.infer<typeof DriverJobsResponseSchema>;
