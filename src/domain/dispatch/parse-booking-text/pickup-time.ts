import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { DATE_FORMAT, TIME_FORMAT, WEEKDAY_DATE_FORMAT } from '../../format/dates';
import type { DatePart, Found } from './dates';
import type { WallTime } from './times';

export function chooseDate(
  text: string,
  dates: Found<DatePart>[],
  time: Found<WallTime> | null,
): Found<DatePart> | null {
  if (dates.length === 0) return null;
  const nearest = time
    ? [...dates].sort((a, b) => Math.abs(a.index - time.index) - Math.abs(b.index - time.index))[0]!
    : dates[0]!;
  // 'Friday 28 November', 'tomorrow 3/12': the date says more than the day beside it.
  return (nearest.value.kind !== 'calendar' && besideCalendarDate(text, dates, nearest)) || nearest;
}

const BETWEEN_DAY_AND_DATE = /^[ \t,(]{0,3}$/;

/** The calendar date written right before or after this day ('Fri, 28/11', '28/11 (Friday)', 'tomorrow 3/12'). */
function besideCalendarDate(
  text: string,
  dates: Found<DatePart>[],
  day: Found<DatePart>,
): Found<DatePart> | undefined {
  return dates.find((date) => {
    if (date.value.kind !== 'calendar') return false;
    const gap =
      date.index >= day.end
        ? text.slice(day.end, date.index)
        : date.end <= day.index
          ? text.slice(date.end, day.index)
          : null;
    return gap !== null && BETWEEN_DAY_AND_DATE.test(gap);
  });
}

/**
 * When the text names a day beside the chosen calendar date and the two
 * disagree ('Friday 28 November' in a year the 28th is a Saturday,
 * 'tomorrow 3/12' on 26 November), what to tell the dispatcher; else null.
 */
export function dateMismatch(
  text: string,
  dates: Found<DatePart>[],
  chosen: Found<DatePart> | null,
  pickupTime: TZDate | null,
  now: Date,
  timeZone: string,
): string | null {
  if (!chosen || chosen.value.kind !== 'calendar' || !pickupTime) return null;
  const day = dates.find(
    (date) => date.value.kind !== 'calendar' && besideCalendarDate(text, [chosen], date),
  );
  if (!day) return null;
  const said = text.slice(day.index, day.end);
  const written = format(pickupTime, DATE_FORMAT);
  if (day.value.kind === 'weekday') {
    if (day.value.weekday === pickupTime.getDay()) return null;
    return `The text says ${said}, but ${written} is a ${format(pickupTime, 'EEEE')}: check the date`;
  }
  const wall = { hours: pickupTime.getHours(), minutes: pickupTime.getMinutes() };
  const meant = resolvePickupTime(day.value, wall, now, timeZone);
  if (!meant || format(meant, 'yyyy-MM-dd') === format(pickupTime, 'yyyy-MM-dd')) return null;
  return `The text says ${said}, but ${written} is not ${said.toLowerCase()}: check the date`;
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
  return format(instant, `${WEEKDAY_DATE_FORMAT}, yyyy, ${TIME_FORMAT}`);
}
