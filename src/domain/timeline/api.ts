import { z } from 'zod';
import { calendarDate } from '../api/business-dates';
import { queryNumber, text } from '../api/text';
import { BookingStatusSchema } from '../bookings/status-schema';
import { editedFieldsText } from '../bookings/changes';

/**
 * What a Timeline entry says happened. From booking_events: created,
 * assigned, acknowledged and declined by the driver, flagged (not accepted in
 * time, or returned to dispatch when the driver was suspended), each status
 * change (a cancellation is its own kind, since dispatchers filter on it) and
 * edited. From the drivers: a shift started or ended (driver_shifts) and a
 * suspension opened or lifted (compliance_suspensions).
 */
export const TIMELINE_KINDS = [
  'created',
  'assigned',
  'acknowledged',
  'declined',
  'flagged',
  'status',
  'cancelled',
  'edited',
  'shift-started',
  'shift-ended',
  'suspended',
  'suspension-lifted',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TimelineKindSchema = z.enum(TIMELINE_KINDS);

/** The kinds about a driver rather than a booking: their entries have no booking. */
export const DRIVER_TIMELINE_KINDS = [
  'shift-started',
  'shift-ended',
  'suspended',
  'suspension-lifted',
] as const satisfies readonly TimelineKind[];
export type DriverTimelineKind = (typeof DRIVER_TIMELINE_KINDS)[number];

export function isDriverTimelineKind(kind: TimelineKind): kind is DriverTimelineKind {
  return (DRIVER_TIMELINE_KINDS as readonly TimelineKind[]).includes(kind);
}

export const TIMELINE_KIND_LABEL: Record<TimelineKind, string> = {
  created: 'Created',
  assigned: 'Assigned',
  acknowledged: 'Acknowledged',
  declined: 'Declined',
  flagged: 'Flagged',
  status: 'Status changed',
  cancelled: 'Cancelled',
  edited: 'Edited',
  'shift-started': 'Shift started',
  'shift-ended': 'Shift ended',
  suspended: 'Suspended',
  'suspension-lifted': 'Suspension lifted',
};

export const TIMELINE_PAGE_SIZE = 50;

/** The booking_events types each booking kind is read from ('status' splits on the target). */
export const BOOKING_EVENT_TYPES: Record<Exclude<TimelineKind, DriverTimelineKind>, string[]> = {
  created: ['created'],
  assigned: ['assigned'],
  acknowledged: ['acknowledged'],
  declined: ['declined'],
  flagged: ['acknowledgement-overdue', 'returned-to-dispatch'],
  status: ['status'],
  cancelled: ['status'],
  edited: ['updated'],
};

/** The stored event type (a booking event's, or a driver event's kind) as the kind shown. */
export function timelineKind(type: string, toStatus: string | null): TimelineKind {
  if ((DRIVER_TIMELINE_KINDS as readonly string[]).includes(type)) return type as TimelineKind;
  if (type === 'status') return toStatus === 'cancelled' ? 'cancelled' : 'status';
  const kind = (Object.keys(BOOKING_EVENT_TYPES) as (keyof typeof BOOKING_EVENT_TYPES)[]).find(
    (candidate) => BOOKING_EVENT_TYPES[candidate].includes(type),
  );
  return kind ?? 'status';
}

/**
 * What an entry adds in words: a cancellation's or decline's reason, why a
 * job was flagged, the edited fields, the vehicle a shift started in, why a
 * driver was suspended. Null when the kind says it all.
 */
export function timelineDetail(
  type: string,
  changes: Record<string, unknown>,
  timeZone?: string,
): string | null {
  const reason = typeof changes.reason === 'string' && changes.reason ? changes.reason : null;
  switch (type) {
    case 'status':
    case 'declined':
    case 'suspended':
      return reason;
    case 'returned-to-dispatch':
      return reason ? `Returned to dispatch: ${reason}` : 'Returned to dispatch';
    case 'acknowledgement-overdue':
      return typeof changes.timeoutMinutes === 'number'
        ? `Not accepted within ${changes.timeoutMinutes} min`
        : 'Not accepted in time';
    case 'updated':
      return editedFieldsText(changes, timeZone) || null;
    case 'shift-started':
      return typeof changes.registration === 'string' ? changes.registration : null;
    default:
      return null;
  }
}

/**
 * A keyset cursor: the last entry's time to the microsecond, as PostgreSQL
 * holds it, and its id ('2030-01-15T10:00:00.123456Z_event:0000000000000000123').
 * A millisecond cursor skips the rows one transaction wrote (they share one now()).
 */
export type TimelineCursor = { occurredAt: string; id: string };

const CURSOR_PATTERN =
  /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_((?:event|shift-started|shift-ended|suspended|suspension-lifted):[0-9a-f-]{1,36})$/;

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
  return { occurredAt: match[1]!, id: match[2]! };
}

export const TimelineQuerySchema = z.object({
  /** One kind or several, comma-separated. */
  type: text()
    .optional()
    .transform((value) => (value ? value.split(',').map((item) => item.trim()) : undefined))
    .pipe(z.array(TimelineKindSchema).optional()),
  driver: z.uuid().optional(),
  /** A business date (the settings' time zone): that day's entries only. */
  date: calendarDate().optional(),
  /** Entries older than this cursor (the previous page's nextCursor). */
  before: TimelineCursorSchema.optional(),
  limit: queryNumber(z.number().int().min(1).max(100)).default(TIMELINE_PAGE_SIZE),
});
export type TimelineQuery = z.output<typeof TimelineQuerySchema>;

export const TimelineEntrySchema = z.object({
  /** Opaque and unique across sources ('event:…', 'shift-started:…'); entries at one instant sort by it. */
  id: z.string(),
  occurredAt: z.string(),
  kind: TimelineKindSchema,
  fromStatus: BookingStatusSchema.nullable(),
  toStatus: BookingStatusSchema.nullable(),
  /** timelineDetail: a reason, why it was flagged, the edited fields, the shift's vehicle. */
  detail: z.string().nullable(),
  /** The booking it happened to; null for a driver's entry (shift, suspension). */
  booking: z
    .object({
      id: z.string(),
      reference: z.string(),
      pickupTime: z.string(),
      pickupLocation: z.string(),
      dropoffLocation: z.string(),
      passengerName: z.string(),
      phone: z.string(),
    })
    .nullable(),
  /** The driver it is about: assigned, accepting, declining, taken off, on or off shift. */
  driver: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Who did it; null: the system (a timeout, the compliance check) or a public online booking. */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const TimelineResponseSchema = z.object({
  entries: z.array(TimelineEntrySchema),
  nextCursor: z.string().nullable(),
});
export type TimelineResponse = z.infer<typeof TimelineResponseSchema>;
