import { isStreetNumberAt } from './street-number';

/** A value read from the text, and where in the text it stands. */
export type Found<T> = { value: T; index: number; end: number };
export type DatePart =
  | { kind: 'relative'; daysAhead: number }
  | { kind: 'weekday'; weekday: number; isNext: boolean }
  | { kind: 'calendar'; day: number; month: number; year: number | null };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase());
}

function fullYear(year: string | undefined): number | null {
  if (!year) return null;
  return year.length === 2 ? 2000 + Number(year) : Number(year);
}

function isValidDay(day: number, month: number): boolean {
  return month >= 0 && month <= 11 && day >= 1 && day <= 31;
}

export function findDates(text: string): Found<DatePart>[] {
  const dates: Found<DatePart>[] = [];
  const add = (match: RegExpMatchArray, value: DatePart) =>
    dates.push({ value, index: match.index!, end: match.index! + match[0].length });

  for (const match of text.matchAll(
    /\b(day[ \t]+after[ \t]+tomorrow|tomorrow|tmrw|today|tonight|this[ \t]+(?:morning|afternoon|evening))\b/gi,
  )) {
    const word = match[1]!.toLowerCase();
    const daysAhead = word.startsWith('day after') ? 2 : /^(?:tomorrow|tmrw)$/.test(word) ? 1 : 0;
    add(match, { kind: 'relative', daysAhead });
  }
  for (const match of text.matchAll(
    /\b(?:(this|next)[ \t]+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/gi,
  )) {
    add(match, {
      kind: 'weekday',
      weekday: WEEKDAYS.indexOf(match[2]!.toLowerCase()),
      isNext: match[1]?.toLowerCase() === 'next',
    });
  }
  for (const match of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    const month = Number(match[2]) - 1;
    const day = Number(match[3]);
    if (isValidDay(day, month))
      add(match, { kind: 'calendar', day, month, year: Number(match[1]) });
  }
  // Australian order: day/month[/year]. A dot only with a year, so 5.30 stays a time.
  for (const match of text.matchAll(
    /(?<![\d/.:-])(\d{1,2})(?:[/-](\d{1,2})(?:[/-](\d{4}|\d{2}))?|\.(\d{1,2})\.(\d{4}|\d{2}))(?![\d/])/g,
  )) {
    const day = Number(match[1]);
    const month = Number(match[2] ?? match[4]) - 1;
    const year = match[3] ?? match[5];
    const end = match.index + match[0].length;
    // '3/12 Hay Street' is unit 3 at number 12; a street number has no year.
    if (year === undefined && isStreetNumberAt(text, match.index, end)) continue;
    if (isValidDay(day, month)) {
      add(match, { kind: 'calendar', day, month, year: fullYear(year) });
    }
  }
  for (const match of text.matchAll(
    new RegExp(
      String.raw`\b(\d{1,2})(?:st|nd|rd|th)?(?:[ \t]+of)?[ \t]+${MONTH}\.?(?:,?[ \t]+(\d{4}))?\b`,
      'gi',
    ),
  )) {
    const day = Number(match[1]);
    const month = monthIndex(match[2]!);
    if (isValidDay(day, month))
      add(match, { kind: 'calendar', day, month, year: fullYear(match[3]) });
  }
  for (const match of text.matchAll(
    new RegExp(
      String.raw`\b${MONTH}\.?[ \t]+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?[ \t]+(\d{4}))?`,
      'gi',
    ),
  )) {
    const day = Number(match[2]);
    const month = monthIndex(match[1]!);
    if (isValidDay(day, month))
      add(match, { kind: 'calendar', day, month, year: fullYear(match[3]) });
  }
  // A weekday beside a calendar date ('Fri 13 Mar') stays: chooseDate takes
  // the date, and weekdayMismatch checks the two agree.
  return dates.sort((a, b) => a.index - b.index);
}

/**
 * A time or a named day is not an address: 'from 5pm' is not a pickup place.
 * A calendar date is findDates' to tell from a unit number ('3/12 Hay St').
 */
export function startsWithWhen(value: string): boolean {
  return /^(?:\d{1,2}(?:[:.]\d{2})?[ \t]*[ap]\.?m|\d{1,2}:\d{2}|today|tomorrow|tonight|(?:this|next)[ \t]|(?:sun|mon|tues|wednes|thurs|fri|satur)day)\b/i.test(
    value,
  );
}
