import { tz } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';

/** Spec section 9: 'Mar 5, 2024'. */
export const DATE_FORMAT = 'MMM d, yyyy';

export type DateInput = Date | string | number;

/**
 * 'Mar 5, 2024'. Strings are ISO 8601; a date-only string such as
 * '2024-03-05' is that calendar day wherever the code runs (new Date() would
 * read it as UTC midnight, the previous day west of Greenwich).
 *
 * Pass timeZone (e.g. 'Australia/Perth') to show an instant in the business's
 * zone rather than the runtime's: the server runs in UTC, and 7 am in Perth is
 * still the previous day there.
 */
export function formatDate(date: DateInput, timeZone?: string): string {
  const context = timeZone ? { in: tz(timeZone) } : {};
  const value = typeof date === 'string' ? parseISO(date, context) : date;
  return format(value, DATE_FORMAT, context);
}

export function formatDateOrNever(date: DateInput | null | undefined, timeZone?: string): string {
  return date == null ? 'Never' : formatDate(date, timeZone);
}

/** A time of day as Australians write it: '6:05 am', in the zone given. */
export function formatTimeOfDay(instant: DateInput, timeZone: string): string {
  return new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(instant),
  );
}
