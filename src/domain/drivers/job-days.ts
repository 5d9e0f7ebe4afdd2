import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { formatDayHeading, formatTimeOfDay } from '../format/dates';

/** The calendar day (yyyy-MM-dd) of an instant in a zone. */
function dayKey(instant: Date, timeZone: string): string {
  return format(new TZDate(instant, timeZone), 'yyyy-MM-dd');
}

/**
 * The pickup day of an instant in the business's zone: 'Today', 'Tomorrow',
 * then the weekday and date ('Wednesday, Mar 4, 2026').
 */
export function jobDayLabel(instant: Date, now: Date, timeZone: string): string {
  const key = dayKey(instant, timeZone);
  if (key === dayKey(now, timeZone)) return 'Today';
  if (key === dayKey(addDays(new TZDate(now, timeZone), 1), timeZone)) return 'Tomorrow';
  return formatDayHeading(instant, timeZone);
}

/** Jobs grouped by their pickup day (jobDayLabel), in the order given. */
export function groupJobsByDay<T extends { pickupTime: string }>(
  jobs: readonly T[],
  now: Date,
  timeZone: string,
): { label: string; jobs: T[] }[] {
  const groups = new Map<string, { label: string; jobs: T[] }>();
  for (const job of jobs) {
    const instant = new Date(job.pickupTime);
    const key = dayKey(instant, timeZone);
    let group = groups.get(key);
    if (!group) {
      group = { label: jobDayLabel(instant, now, timeZone), jobs: [] };
      groups.set(key, group);
    }
    group.jobs.push(job);
  }
  return [...groups.values()];
}

/** '2:30 pm' in the business's zone. */
export function formatJobTime(pickupTime: string, timeZone: string): string {
  return formatTimeOfDay(pickupTime, timeZone);
}

/** 'Today · 2:30 pm', 'Tomorrow · 7:00 am', 'Friday, Mar 6, 2026 · 9:30 am'. */
export function formatJobDayTime(pickupTime: string, now: Date, timeZone: string): string {
  return `${jobDayLabel(new Date(pickupTime), now, timeZone)} · ${formatJobTime(pickupTime, timeZone)}`;
}
