import { z } from 'zod';
import { BookingStatusSchema, type BookingStatus } from '../bookings/status';

// The driver app's history: past jobs and the period's totals.

export const HISTORY_PERIODS = ['today', 'week', 'month'] as const;
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];
export const HISTORY_PERIOD_LABELS: Record<HistoryPeriod, string> = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
};

/** A job is history once it reached one of these. */
export const FINISHED_JOB_STATUSES: readonly BookingStatus[] = [
  'completed',
  'no-show',
  'cancelled',
];

export const DriverHistoryQuerySchema = z.object({
  period: z.enum(HISTORY_PERIODS).default('today'),
});

export const HistoryJobSchema = z.object({
  id: z.string(),
  reference: z.string(),
  pickupTime: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string(),
  passengerName: z.string(),
  /** Dollars. */
  fareAmount: z.number(),
  status: BookingStatusSchema,
});
export type HistoryJob = z.infer<typeof HistoryJobSchema>;

export const HistoryTotalsSchema = z.object({
  /** Completed jobs. */
  trips: z.number(),
  /** The sum of completed fares, in dollars. */
  earnings: z.number(),
  noShows: z.number(),
});
export type HistoryTotals = z.infer<typeof HistoryTotalsSchema>;

export const DriverHistoryResponseSchema = z.object({
  jobs: z.array(HistoryJobSchema),
  totals: HistoryTotalsSchema,
});
export type DriverHistoryResponse = z.infer<typeof DriverHistoryResponseSchema>;

/** Trips and earnings count completed jobs only; no-shows are counted apart. */
export function historyTotals(
  jobs: readonly { status: BookingStatus; fareAmount: number }[],
): HistoryTotals {
  let cents = 0;
  let trips = 0;
  let noShows = 0;
  for (const job of jobs) {
    if (job.status === 'completed') {
      trips += 1;
      cents += Math.round(job.fareAmount * 100);
    } else if (job.status === 'no-show') {
      noShows += 1;
    }
  }
  return { trips, earnings: cents / 100, noShows };
}
