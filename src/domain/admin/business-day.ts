import { TZDate } from '@date-fns/tz';
import { startOfDay, startOfMonth, startOfWeek, subDays, addDays } from 'date-fns';

export type BusinessPeriods = {
  now: Date;
  /** This instant one calendar day earlier in the zone (23 or 25 hours across a DST change). */
  sameTimeYesterday: Date;
  startOfToday: Date;
  startOfTomorrow: Date;
  startOfYesterday: Date;
  /** Weeks start on Monday, as they do in Australia. */
  startOfWeek: Date;
  startOfMonth: Date;
};

/** The calendar boundaries that "today", "this week" and "this month" mean in the business's zone. */
export function businessPeriods(now: Date, timeZone: string): BusinessPeriods {
  const local = new TZDate(now, timeZone);
  const today = startOfDay(local);
  return {
    now,
    sameTimeYesterday: new Date(subDays(local, 1).getTime()),
    startOfToday: new Date(today.getTime()),
    startOfTomorrow: new Date(addDays(today, 1).getTime()),
    startOfYesterday: new Date(subDays(today, 1).getTime()),
    startOfWeek: new Date(startOfWeek(local, { weekStartsOn: 1 }).getTime()),
    startOfMonth: new Date(startOfMonth(local).getTime()),
  };
}
