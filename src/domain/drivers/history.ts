import { TZDate } from '@date-fns/tz';
import { startOfBusinessDate } from '../bookings/wall-time';
import { addDays, differenceInCalendarDays, parseISO } from 'date-fns';
import { z } from 'zod';
import { businessPeriods, type BusinessPeriods } from '../admin/business-day';
import { BookingStatusSchema } from '../bookings/status-schema';

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

/** Pickup times from `from` (included) to `until` (left out). */
export type TimeWindow = { from: Date; until: Date };

/**
 * What 'today', 'this week' and 'this month' cover: from the period's start
 * to the end of today. A job done ahead of its pickup time later today counts
 * today (the driver home, the history and the admin's driver profile agree).
 */
export function periodWindows(
  periods: Pick<
    BusinessPeriods,
    'startOfToday' | 'startOfTomorrow' | 'startOfWeek' | 'startOfMonth'
  >,
): Record<'today' | 'week' | 'month', TimeWindow> {
  const until = periods.startOfTomorrow;
  return {
    today: { from: periods.startOfToday, until },
    week: { from: periods.startOfWeek, until },
    month: { from: periods.startOfMonth, until },
  };
}

/**
 * The pickup times a history query covers, [from, until), in the business's
 * zone: today, this week or this month so far, or whole days from and to.
 */
export function historyWindow(query: DriverHistoryQuery, now: Date, timeZone: string): TimeWindow {
  const windows = periodWindows(businessPeriods(now, timeZone));
  switch (query.period) {
    case 'today':
    case 'week':
    case 'month':
      return windows[query.period];
    case 'range': {
      // The schema makes sure both are there; without them, today.
      if (!query.from || !query.to) return windows.today;
      const lastDay = new TZDate(startOfBusinessDate(query.to, timeZone), timeZone);
      return {
        from: startOfBusinessDate(query.from, timeZone),
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

/**
 * A driver's figures for a period (spec 2.8 and 2.18), one rule wherever they
 * are shown: trips are completed jobs, earnings the sum of their fares, and
 * no-shows are counted apart; all by pickup time. Summed in SQL by
 * driverTakings (src/server/lib/driver-earnings.ts).
 */
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
