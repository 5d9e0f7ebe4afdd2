import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { formatTimeOfDay } from '../format/dates';

/** The calendar day (yyyy-MM-dd) of an instant in a zone. */
function dayKey(instant: Date, timeZone: string): string {
  return format(new TZDate(instant, timeZone), 'yyyy-MM-dd');
}

/**
 * Jobs grouped by their pickup day in the business's zone, in the order given:
 * 'Today', 'Tomorrow', then the en-AU date ('Wednesday 4 March 2026').
 */
export function groupJobsByDay<T extends { pickupTime: string }>(
  jobs: readonly T[],
  now: Date,
  timeZone: string,
): { label: string; jobs: T[] }[] {
  const today = dayKey(now, timeZone);
  const tomorrow = dayKey(addDays(new TZDate(now, timeZone), 1), timeZone);
  const groups = new Map<string, { label: string; jobs: T[] }>();
  for (const job of jobs) {
    const instant = new Date(job.pickupTime);
    const key = dayKey(instant, timeZone);
    let group = groups.get(key);
    if (!group) {
      const label =
        key === today
          ? 'Today'
          : key === tomorrow
            ? 'Tomorrow'
            : new Intl.DateTimeFormat('en-AU', {
                weekday: 'long',
                day: 'numeric',
                month: 'long',
                year: 'numeric',
                timeZone,
              }).format(instant);
      group = { label, jobs: [] };
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
