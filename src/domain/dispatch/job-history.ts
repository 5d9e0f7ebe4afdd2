import { z } from 'zod';
import { pageCursorField } from '../api/page-cursor';
import { queryNumber, SEARCH_TEXT_MAX, text } from '../api/text';
import { BookingSchema } from '../bookings/api';

// Job History (dispatcher top bar): completed jobs newest first, read with a
// keyset cursor so the thousandth page costs what the first does (decision 33).

export const JOB_HISTORY_MAX_PAGE = 100;

export const JobHistoryQuerySchema = z.object({
  q: text().trim().max(SEARCH_TEXT_MAX).optional(),
  /** `nextCursor` of the previous page; absent for the newest page. */
  cursor: pageCursorField(),
  limit: queryNumber(z.number().int().min(1).max(JOB_HISTORY_MAX_PAGE)).default(25),
});
export type JobHistoryQuery = z.infer<typeof JobHistoryQuerySchema>;

export const JobHistoryResponseSchema = z.object({
  bookings: z.array(BookingSchema),
  /** Pass as `cursor` for the next (older) page; null after the oldest job. */
  nextCursor: z.string().nullable(),
  /** Completed jobs matching, counted up to PAGE_COUNT_CAP. */
  total: z.number(),
  /** True when there are more than `total`. */
  totalIsCapped: z.boolean(),
});
export type JobHistoryResponse = z.infer<typeof JobHistoryResponseSchema>;
