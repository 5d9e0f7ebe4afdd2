import { z } from 'zod';
import { queryNumber, text } from '../api/text';
import { BookingStatusSchema } from '../bookings/status';

/**
 * What a Timeline entry says happened. From booking_events: 'created',
 * 'assigned', 'updated' (shown as edited) and 'status' (a cancellation is its
 * own kind, since dispatchers filter on it).
 */
export const TIMELINE_KINDS = ['created', 'assigned', 'status', 'cancelled', 'edited'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TimelineKindSchema = z.enum(TIMELINE_KINDS);

export const TIMELINE_KIND_LABEL: Record<TimelineKind, string> = {
  created: 'Created',
  assigned: 'Assigned',
  status: 'Status changed',
  cancelled: 'Cancelled',
  edited: 'Edited',
};

export const TIMELINE_PAGE_SIZE = 50;

/** The stored event type and target status as the kind the Timeline shows. */
export function timelineKind(type: string, toStatus: string | null): TimelineKind {
  switch (type) {
    case 'created':
      return 'created';
    case 'assigned':
      return 'assigned';
    case 'updated':
      return 'edited';
    default:
      return toStatus === 'cancelled' ? 'cancelled' : 'status';
  }
}

/**
 * A keyset cursor: the last entry's time to the microsecond, as PostgreSQL
 * holds it, and its id ('2030-01-15T10:00:00.123456Z_123'). A millisecond
 * cursor skips the rows one transaction wrote (they share one now()).
 */
export type TimelineCursor = { occurredAt: string; id: number };

const CURSOR_PATTERN = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_(\d{1,15})$/;

export const TimelineCursorSchema = text()
  .regex(CURSOR_PATTERN, 'is not a Timeline cursor')
  // Shaped like a cursor is not enough: 25:61 is no time of day.
  .refine((cursor) => parseTimelineCursor(cursor) !== null, 'is not a Timeline cursor');

export function timelineCursor(cursor: TimelineCursor): string {
  return `${cursor.occurredAt}_${cursor.id}`;
}

/** The cursor, or null when the text is not one this API gave out. */
export function parseTimelineCursor(cursor: string): TimelineCursor | null {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  return { occurredAt: match[1]!, id: Number(match[2]) };
}

export const TimelineQuerySchema = z.object({
  /** One kind or several, comma-separated. */
  type: text()
    .optional()
    .transform((value) => (value ? value.split(',').map((item) => item.trim()) : undefined))
    .pipe(z.array(TimelineKindSchema).optional()),
  driver: z.uuid().optional(),
  /** A business date (the settings' time zone): that day's entries only. */
  date: z.iso.date().optional(),
  /** Entries older than this cursor (the previous page's nextCursor). */
  before: TimelineCursorSchema.optional(),
  limit: queryNumber(z.number().int().min(1).max(100)).default(TIMELINE_PAGE_SIZE),
});
export type TimelineQuery = z.output<typeof TimelineQuerySchema>;

export const TimelineEntrySchema = z.object({
  id: z.number(),
  occurredAt: z.string(),
  kind: TimelineKindSchema,
  fromStatus: BookingStatusSchema.nullable(),
  toStatus: BookingStatusSchema.nullable(),
  /** A cancellation's reason or the names of the edited fields. */
  detail: z.string().nullable(),
  booking: z.object({
    id: z.string(),
    reference: z.string(),
    pickupTime: z.string(),
    pickupLocation: z.string(),
    dropoffLocation: z.string(),
    passengerName: z.string(),
    phone: z.string(),
  }),
  driver: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Who did it; null: the system or a public online booking. */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const TimelineResponseSchema = z.object({
  entries: z.array(TimelineEntrySchema),
  nextCursor: z.string().nullable(),
});
export type TimelineResponse = z.infer<typeof TimelineResponseSchema>;
