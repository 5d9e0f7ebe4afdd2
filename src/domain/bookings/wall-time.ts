import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { DEFAULT_TIME_ZONE } from '../settings/business-defaults';

// Booking times as the dispatcher reads and types them: Perth wall-clock
// times and calendar days, whatever zone the browser or server is in. Used by
// the server (records export ranges), the dispatch, records and search
// screens, the public booking page and the imports.

/** Pickup times are Perth wall-clock times, wherever the dispatcher's browser is. */
export const BOOKING_TIME_ZONE = DEFAULT_TIME_ZONE;
/** The default pickup time is now, rounded up to the next step. */
export const PICKUP_TIME_STEP_MINUTES = 5;

const WALL_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function zoned(instant: Date | string, timeZone: string): TZDate {
  return new TZDate(new Date(instant).getTime(), timeZone);
}

/** 'YYYY-MM-DD HH:mm:ss' in the zone, for an instant. */
export function toWallTime(instant: Date | string, timeZone = BOOKING_TIME_ZONE): string {
  return format(zoned(instant, timeZone), WALL_TIME_FORMAT);
}

/** The instant (ISO, UTC) of a wall-clock time read in the zone. */
export function wallTimeToIso(value: string, timeZone = BOOKING_TIME_ZONE): string {
  const match = WALL_TIME.exec(value.trim());
  if (!match) throw new RangeError(`Not a date and time: ${JSON.stringify(value)}`);
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  const instant = new TZDate(year, month - 1, day, hours, minutes, seconds, timeZone);
  return new Date(instant.getTime()).toISOString();
}

/** Now, rounded up to the next 5 minutes, as a Perth wall-clock time. */
export function defaultPickupTime(now: Date, timeZone = BOOKING_TIME_ZONE): string {
  const step = PICKUP_TIME_STEP_MINUTES * 60_000;
  return toWallTime(new Date(Math.ceil(now.getTime() / step) * step), timeZone);
}

/** 'YYYY-MM-DD': the calendar day of an instant in the zone. */
export function dayInZone(instant: Date | string, timeZone = BOOKING_TIME_ZONE): string {
  return format(zoned(instant, timeZone), 'yyyy-MM-dd');
}

/**
 * The business's today, 'YYYY-MM-DD': the calendar day `now` falls on in the
 * business's time zone (Settings → Time zone). The one rule for "today" on
 * the Jobs Overview (its default dates) and the dispatch board (its counts
 * and list); no default zone, so a caller cannot fall back to Perth unseen.
 */
export function businessToday(now: Date, timeZone: string): string {
  return dayInZone(now, timeZone);
}

/** 'YYYY-MM-DD', `days` calendar days after `day`. */
/** The first instant of a business date ('2026-03-05') in the zone. */
export function startOfBusinessDate(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

export function addCalendarDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return format(addDays(new Date(year, month - 1, date), days), 'yyyy-MM-dd');
}

/**
 * The instants bounding whole calendar days in the zone: from the start of
 * `firstDay` to the start of the day after `lastDay`.
 */
export function dayRangeToIso(
  firstDay: string,
  lastDay: string,
  timeZone = BOOKING_TIME_ZONE,
): { from: string; to: string } {
  return {
    from: wallTimeToIso(firstDay, timeZone),
    to: wallTimeToIso(addCalendarDays(lastDay, 1), timeZone),
  };
}
