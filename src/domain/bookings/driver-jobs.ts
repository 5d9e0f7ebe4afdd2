import { z } from 'zod';
import { BookingSchema } from './api';
import { BookingStatusSchema } from './status-schema';

// The driver app's jobs: acknowledge, decline, move along; shared by server
// and web. The rules (no zod) are in driver-job-rules.ts, re-exported here.
export * from './driver-job-rules';

const occurredAt = z.iso.datetime({ offset: true }).optional();

/** POST /api/bookings/:id/status: the new status and, from a phone, when the driver tapped. */
export const ProgressBookingInputSchema = z.object({
  status: BookingStatusSchema,
  occurredAt,
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
