import { z } from 'zod';
import { pageCursorField, parsePageCursor, type PageCursor } from '../api/page-cursor';
import { calendarDate } from '../api/business-dates';
import { multilineText, queryNumber, SEARCH_TEXT_MAX, text } from '../api/text';
import { BookingSchema } from '../bookings/api';
import { addCalendarDays, businessToday } from '../bookings/wall-time';
import { BookingSourceSchema } from '../bookings/source';
import { BOOKING_STATUSES } from '../bookings/status';
import { BookingStatusSchema } from '../bookings/status-schema';
import { VehicleTypeSchema } from '../vehicles/vehicle-types';
import { ATTENTION_REASONS } from './needs-attention';

// The Jobs Overview, Timeline and Search API contract, shared by server and web.

/** The Jobs Overview opens on today and the next 7 days (business dates, both ends included). */
export const DEFAULT_RANGE_DAYS = 7;
export const JOBS_PAGE_SIZE = 50;
/** The CSV export's most rows: past it, narrow the filters. */
export const MAX_JOBS_EXPORT_ROWS = 10_000;
export const MAX_BULK_JOBS = 200;

export function defaultJobsRange(now: Date, timeZone: string): { from: string; to: string } {
  const today = businessToday(now, timeZone);
  return { from: today, to: addCalendarDays(today, DEFAULT_RANGE_DAYS) };
}

/** A business date moved by whole days ('2030-01-31' + 1 = '2030-02-01'). */
function shiftDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The dates a Jobs query covers. Both given: as given. One given: a week from
 * it (From 1 March alone is 1 to 8 March, not today to next week, which may
 * end before it starts); To alone starts today, or a week before To when To
 * is already past. Neither: today and the next 7 days.
 */
export function jobsRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
  timeZone: string,
): { from: string; to: string } {
  const fallback = defaultJobsRange(now, timeZone);
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: shiftDate(query.from, DEFAULT_RANGE_DAYS) };
  if (query.to) {
    const from =
      query.to < fallback.from ? shiftDate(query.to, -DEFAULT_RANGE_DAYS) : fallback.from;
    return { from, to: query.to };
  }
  return fallback;
}

/** A location found by Search opens its jobs over a year either side of today. */
export const LOCATION_JOBS_RANGE_DAYS = 365;

export function locationJobsRange(now: Date, timeZone: string): { from: string; to: string } {
  const today = defaultJobsRange(now, timeZone).from;
  return {
    from: shiftDate(today, -LOCATION_JOBS_RANGE_DAYS),
    to: shiftDate(today, LOCATION_JOBS_RANGE_DAYS),
  };
}

export const JOB_SORTS = [
  'pickupTime',
  'reference',
  'passenger',
  'status',
  'driver',
  'fare',
] as const;
export type JobSort = (typeof JOB_SORTS)[number];

const FARE_TEXT = /^\d{1,8}\.\d{2}$/;

/**
 * Whether a page cursor can be one of this sort's: the Jobs list orders by
 * the sort's column, then pickup time and id (decision 70), and the cursor
 * carries that column's value as the database writes it (none for pickup
 * time; a fare as numeric text; a status; a driver's name, or null without
 * one). A cursor of another sort is refused rather than read as this one.
 */
export function isCursorOfSort(cursor: PageCursor, sort: JobSort): boolean {
  const { key } = cursor;
  switch (sort) {
    case 'pickupTime':
      return key === undefined;
    case 'fare':
      return typeof key === 'string' && FARE_TEXT.test(key);
    case 'status':
      return typeof key === 'string' && (BOOKING_STATUSES as readonly string[]).includes(key);
    case 'reference':
    case 'passenger':
      return typeof key === 'string';
    case 'driver':
      return key !== undefined;
    default: {
      const unknown: never = sort;
      return unknown;
    }
  }
}

/** GET /api/jobs and its CSV export; every filter is optional and they combine with AND. */
export const JobsQuerySchema = z
  // Loose, so that an `offset` (the paging before decision 70) is refused
  // below rather than dropped: a client paging by it would read page 1 forever.
  .looseObject({
    /**
     * Business dates (the settings' time zone), both included; default today + 7
     * days; one alone covers the week from it (jobsRange).
     */
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    /** One status or several, comma-separated. */
    status: text()
      .optional()
      .transform((value) => (value ? value.split(',').map((part) => part.trim()) : undefined))
      .pipe(z.array(BookingStatusSchema).optional()),
    /** Only the jobs that need attention now. */
    attention: z.enum(['true', 'false']).optional(),
    /** A driver's id, or 'none' for jobs without a driver. */
    driver: z.union([z.uuid(), z.literal('none')]).optional(),
    vehicleType: VehicleTypeSchema.optional(),
    account: text().trim().min(1).max(40).optional(),
    source: BookingSourceSchema.optional(),
    q: text().trim().max(SEARCH_TEXT_MAX).optional(),
    sort: z.enum(JOB_SORTS).default('pickupTime'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    limit: queryNumber(z.number().int().min(1).max(200)).default(JOBS_PAGE_SIZE),
    /**
     * `nextCursor` or `previousCursor` of the page shown, with the same
     * filters, sort and direction; absent for the first page.
     */
    cursor: pageCursorField({ isSorted: true }),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'must not be before from',
    path: ['to'],
  })
  .refine(
    (query) => {
      // An unreadable cursor is the field's own issue ('is not a page cursor').
      const cursor = query.cursor ? parsePageCursor(query.cursor) : null;
      return !cursor || isCursorOfSort(cursor, query.sort);
    },
    { message: 'is not a cursor of this sort', path: ['cursor'] },
  )
  .refine((query) => !('offset' in query), {
    message: 'is not taken: pass the answer’s nextCursor as cursor',
    path: ['offset'],
  });
export type JobsQuery = z.output<typeof JobsQuerySchema>;
export type JobsQueryInput = z.input<typeof JobsQuerySchema>;

export const AttentionReasonSchema = z.enum(ATTENTION_REASONS);

export const JobSchema = BookingSchema.extend({ attention: z.array(AttentionReasonSchema) });
export type Job = z.infer<typeof JobSchema>;

export const StatusCountsSchema = z.object(
  Object.fromEntries(BOOKING_STATUSES.map((status) => [status, z.number()])) as Record<
    (typeof BOOKING_STATUSES)[number],
    z.ZodNumber
  >,
);

export const JobsResponseSchema = z.object({
  jobs: z.array(JobSchema),
  /** Every job the filters match (exact; the chips' counts give it). */
  total: z.number(),
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Pass as `cursor` for the page before this one; null on the first page. */
  previousCursor: z.string().nullable(),
  /** The range the answer covers (the default when the query named none). */
  range: z.object({ from: z.string(), to: z.string() }),
  /** Over every filter except status and attention: what each chip would show. */
  counts: z.object({ all: z.number(), byStatus: StatusCountsSchema, attention: z.number() }),
});
export type JobsResponse = z.infer<typeof JobsResponseSchema>;

export const BulkJobsInputSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(MAX_BULK_JOBS),
  action: z.discriminatedUnion('type', [
    z.object({ type: z.literal('assign'), driverId: z.uuid() }),
    z.object({ type: z.literal('status'), status: BookingStatusSchema }),
    z.object({ type: z.literal('cancel'), reason: multilineText().trim().min(1).max(500) }),
  ]),
});
export type BulkJobsInput = z.infer<typeof BulkJobsInputSchema>;

export const BulkJobResultSchema = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  isDone: z.boolean(),
  /** Why a row was refused, or a warning on one that was done. */
  message: z.string().nullable(),
});
export type BulkJobResult = z.infer<typeof BulkJobResultSchema>;
export const BulkJobsResponseSchema = z.object({ results: z.array(BulkJobResultSchema) });
