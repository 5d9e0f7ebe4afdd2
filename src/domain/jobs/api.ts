import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { z } from 'zod';
import { multilineText, queryNumber, text } from '../api/text';
import { BookingSchema } from '../bookings/api';
import { BookingSourceSchema } from '../bookings/source';
import { BOOKING_STATUSES } from '../bookings/status';
import { BookingStatusSchema } from '../bookings/status-schema';
import { VehicleTypeSchema } from '../vehicles/vehicle-types';
import { ATTENTION_REASONS } from './needs-attention';

// The Jobs Overview, Timeline and Search API contract, shared by server and web.

/** The Jobs Overview opens on today and the next 7 days (business dates, both ends included). */
export const DEFAULT_RANGE_DAYS = 7;
export const JOBS_PAGE_SIZE = 50;
/** Offset paging stops here: past it, narrow the filters (the CSV export takes up to this many). */
export const MAX_JOBS_OFFSET = 10_000;
export const MAX_BULK_JOBS = 200;

export function defaultJobsRange(now: Date, timeZone: string): { from: string; to: string } {
  const today = new TZDate(now.getTime(), timeZone);
  return {
    from: format(today, 'yyyy-MM-dd'),
    to: format(addDays(today, DEFAULT_RANGE_DAYS), 'yyyy-MM-dd'),
  };
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

/** The last page the Jobs Overview can reach: past MAX_JOBS_OFFSET, narrow the filters. */
export const MAX_JOBS_PAGE = Math.floor(MAX_JOBS_OFFSET / JOBS_PAGE_SIZE) + 1;

export const JOB_SORTS = [
  'pickupTime',
  'reference',
  'passenger',
  'status',
  'driver',
  'fare',
] as const;
export type JobSort = (typeof JOB_SORTS)[number];

/** GET /api/jobs and its CSV export; every filter is optional and they combine with AND. */
export const JobsQuerySchema = z
  .object({
    /**
     * Business dates (the settings' time zone), both included; default today + 7
     * days; one alone covers the week from it (jobsRange).
     */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
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
    q: text().trim().max(200).optional(),
    sort: z.enum(JOB_SORTS).default('pickupTime'),
    dir: z.enum(['asc', 'desc']).default('asc'),
    limit: queryNumber(z.number().int().min(1).max(200)).default(JOBS_PAGE_SIZE),
    offset: queryNumber(z.number().int().min(0).max(MAX_JOBS_OFFSET)).default(0),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'must not be before from',
    path: ['to'],
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
  total: z.number(),
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
