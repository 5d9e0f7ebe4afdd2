import { z } from 'zod';

/**
 * A client names its import request with this header (a uuid) and polls
 * GET /api/imports/progress/:id for how many rows the server has processed.
 */
export const IMPORT_PROGRESS_HEADER = 'x-import-progress-id';

export const ImportProgressSchema = z.object({
  /** Rows checked so far; equals total once only the writing is left. */
  processed: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;
