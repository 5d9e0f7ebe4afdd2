import { tz, TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';

/** Spec section 9: 'Mar 5, 2024'. */
export const DATE_FORMAT = 'MMM d, yyyy';

/** A day with its weekday, in the spec's order: 'Sat, Dec 5' (the year is DATE_FORMAT's). */
export const WEEKDAY_DATE_FORMAT = 'EEE, MMM d';

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

/** One time style everywhere: '6:05 am', '5:45 pm' (12-hour, lower-case am and pm). */
export const TIME_FORMAT = 'h:mm aaa';

function inZone(instant: DateInput, timeZone: string): Date {
  const value = typeof instant === 'string' ? parseISO(instant) : new Date(instant);
  return new TZDate(value.getTime(), timeZone);
}

/** A time of day as Australians write it: '6:05 am', in the zone given. */
export function formatTimeOfDay(instant: DateInput, timeZone: string): string {
  return format(inZone(instant, timeZone), TIME_FORMAT);
}

/** 'Nov 22, 2026, 5:45 am': an instant as a date and a time of day, in the zone given. */
export function formatDateTime(instant: DateInput, timeZone: string): string {
  const value = inZone(instant, timeZone);
  return `${format(value, DATE_FORMAT)}, ${format(value, TIME_FORMAT)}`;
}

/** 'Wednesday, Mar 4, 2026': a day heading (a timeline's day, a driver's later jobs), in the zone given. */
export function formatDayHeading(instant: DateInput, timeZone: string): string {
  const value = inZone(instant, timeZone);
  return `${format(value, 'EEEE')}, ${format(value, DATE_FORMAT)}`;
}

/** The calendar day (yyyy-MM-dd) of an instant in the zone given. */
function dayInZone(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}

/**
 * A moment already past, as short as stays true (the zone's calendar days):
 * '9:32 am' today, 'yesterday 9:32 am', 'Tue 9:32 am' within the last week,
 * else 'Nov 22, 2026, 9:32 am'. A bare time of day would read as today's.
 */
export function formatPastInstant(instant: DateInput, now: Date, timeZone: string): string {
  const value = inZone(instant, timeZone);
  const time = format(value, TIME_FORMAT);
  const day = dayInZone(value, timeZone);
  const today = new TZDate(now.getTime(), timeZone);
  if (day === dayInZone(today, timeZone)) return time;
  if (day === dayInZone(addDays(today, -1), timeZone)) return `yesterday ${time}`;
  const weekAgo = dayInZone(addDays(today, -6), timeZone);
  if (day >= weekAgo && day < dayInZone(today, timeZone)) return `${format(value, 'EEE')} ${time}`;
  return formatDateTime(value, timeZone);
}
