import { z } from 'zod';
import { queryNumber, text } from '../api/text';
import { BookingSchema } from '../bookings/api';

// Job History (dispatcher top bar): completed jobs newest first, read with a
// keyset cursor so the thousandth page costs what the first does (decision 33).

export const JOB_HISTORY_MAX_PAGE = 100;
/** Counting stops here: the tool shows "1000+" rather than reading every match. */
export const JOB_HISTORY_COUNT_CAP = 1000;

/** Where the next page starts: the last job shown (its pickup time and id). */
export type JobHistoryCursor = { pickupTime: string; id: string };

const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,6}Z)~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeJobHistoryCursor(cursor: JobHistoryCursor): string {
  return `${cursor.pickupTime}~${cursor.id}`;
}

/** The cursor, or null when the text is not one this API gave out. */
export function parseJobHistoryCursor(value: string): JobHistoryCursor | null {
  const match = CURSOR_PATTERN.exec(value);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  return { pickupTime: match[1]!, id: match[2]! };
}

export const JobHistoryQuerySchema = z.object({
  q: text().trim().max(200).optional(),
  /** `nextCursor` of the previous page; absent for the newest page. */
  cursor: text()
    .max(80)
    .refine((value) => parseJobHistoryCursor(value) !== null, 'is not a page cursor')
    .optional(),
  limit: queryNumber(z.number().int().min(1).max(JOB_HISTORY_MAX_PAGE)).default(25),
});
export type JobHistoryQuery = z.infer<typeof JobHistoryQuerySchema>;

export const JobHistoryResponseSchema = z.object({
  bookings: z.array(BookingSchema),
  /** Pass as `cursor` for the next (older) page; null after the oldest job. */
  nextCursor: z.string().nullable(),
  /** Completed jobs matching, counted up to JOB_HISTORY_COUNT_CAP. */
  total: z.number(),
  /** True when there are more than `total`. */
  totalIsCapped: z.boolean(),
});
export type JobHistoryResponse = z.infer<typeof JobHistoryResponseSchema>;
