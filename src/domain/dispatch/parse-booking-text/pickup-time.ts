import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { DatePart, Found } from './dates';
import type { WallTime } from './times';

export function chooseDate(
  dates: Found<DatePart>[],
  time: Found<WallTime> | null,
): Found<DatePart> | null {
  if (dates.length === 0) return null;
  if (!time) return dates[0]!;
  return [...dates].sort(
    (a, b) => Math.abs(a.index - time.index) - Math.abs(b.index - time.index),
  )[0]!;
}

export function resolvePickupTime(
  datePart: DatePart | null,
  time: WallTime | null,
  now: Date,
  timeZone: string,
): TZDate | null {
  const local = new TZDate(now.getTime(), timeZone);
  const at = (year: number, month: number, day: number, wall: WallTime) =>
    new TZDate(year, month, day, wall.hours, wall.minutes, 0, timeZone);
  const wall = time ?? { hours: 23, minutes: 59 };
  const today = { year: local.getFullYear(), month: local.getMonth(), day: local.getDate() };

  if (datePart === null) {
    if (!time) return null;
    const candidate = at(today.year, today.month, today.day, time);
    return candidate.getTime() >= now.getTime()
      ? candidate
      : at(today.year, today.month, today.day + 1, time);
  }
  switch (datePart.kind) {
    case 'relative':
      return at(today.year, today.month, today.day + datePart.daysAhead, wall);
    case 'weekday': {
      let daysAhead = (datePart.weekday - local.getDay() + 7) % 7;
      if (
        daysAhead === 0 &&
        (datePart.isNext || at(today.year, today.month, today.day, wall) < now)
      ) {
        daysAhead = 7;
      }
      return at(today.year, today.month, today.day + daysAhead, wall);
    }
    case 'calendar': {
      if (datePart.year !== null) return at(datePart.year, datePart.month, datePart.day, wall);
      const thisYear = at(today.year, datePart.month, datePart.day, wall);
      return thisYear.getTime() >= now.getTime()
        ? thisYear
        : at(today.year + 1, datePart.month, datePart.day, wall);
    }
  }
}

export function describeTime(instant: TZDate): string {
  return format(instant, 'EEE d MMM yyyy, h:mm aaa');
}
