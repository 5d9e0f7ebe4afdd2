import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, parseISO } from 'date-fns';
import { z } from 'zod';
import { businessPeriods } from '../admin/business-day';
import { BookingStatusSchema, type BookingStatus } from '../bookings/status';

// The driver app's history: past jobs and the period's totals.

export const HISTORY_PERIODS = ['today', 'week', 'month', 'range'] as const;
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];
export const HISTORY_PERIOD_LABELS: Record<HistoryPeriod, string> = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
  range: 'Date range',
};

/** A date range covers at most this many days, first and last included. */
export const MAX_HISTORY_RANGE_DAYS = 366;

/** A job is history once it reached one of these. */
export const FINISHED_JOB_STATUSES: readonly BookingStatus[] = [
  'completed',
  'no-show',
  'cancelled',
];

const businessDay = z.iso.date('enter a date as YYYY-MM-DD');

/** period=range takes from and to, business dates (YYYY-MM-DD), both days included. */
export const DriverHistoryQuerySchema = z
  .object({
    period: z.enum(HISTORY_PERIODS).default('today'),
    from: businessDay.optional(),
    to: businessDay.optional(),
  })
  .superRefine((query, context) => {
    if (query.period !== 'range') return;
    for (const field of ['from', 'to'] as const) {
      if (!query[field]) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'is required for a date range',
        });
      }
    }
    if (!query.from || !query.to) return;
    const days = differenceInCalendarDays(parseISO(query.to), parseISO(query.from)) + 1;
    if (days < 1)
      context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > MAX_HISTORY_RANGE_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be within ${MAX_HISTORY_RANGE_DAYS} days of from`,
      });
    }
  });
export type DriverHistoryQuery = z.infer<typeof DriverHistoryQuerySchema>;

/** The first instant of a business date (YYYY-MM-DD) in the zone. */
function startOfBusinessDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/**
 * The pickup times a history query covers, [from, until), in the business's
 * zone: today, this week or this month so far, or whole days from and to.
 */
export function historyWindow(
  query: DriverHistoryQuery,
  now: Date,
  timeZone: string,
): { from: Date; until: Date } {
  const periods = businessPeriods(now, timeZone);
  switch (query.period) {
    case 'today':
      return { from: periods.startOfToday, until: periods.startOfTomorrow };
    case 'week':
      return { from: periods.startOfWeek, until: periods.startOfTomorrow };
    case 'month':
      return { from: periods.startOfMonth, until: periods.startOfTomorrow };
    case 'range': {
      // The schema makes sure both are there; without them, today.
      if (!query.from || !query.to) {
        return { from: periods.startOfToday, until: periods.startOfTomorrow };
      }
      const lastDay = new TZDate(startOfBusinessDay(query.to, timeZone), timeZone);
      return {
        from: startOfBusinessDay(query.from, timeZone),
        until: new Date(addDays(lastDay, 1).getTime()),
      };
    }
    default: {
      const unknown: never = query.period;
      return unknown;
    }
  }
}

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
