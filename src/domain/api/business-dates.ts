import { z } from 'zod';

/**
 * The years any date the business works with may fall in: pickups, filters,
 * exports, schedules and leave. Year 1, 1970 or 9999 is a typing or client
 * mistake, not a trip; and a day after 9999-12-31 is no date a database keeps.
 */
export const BUSINESS_YEARS = { first: 2000, last: 2099 } as const;

export const BUSINESS_YEARS_MESSAGE = `must be between the years ${BUSINESS_YEARS.first} and ${BUSINESS_YEARS.last}`;

/** Whether a year is one of BUSINESS_YEARS. */
export function isBusinessYear(year: number): boolean {
  return year >= BUSINESS_YEARS.first && year <= BUSINESS_YEARS.last;
}

/** Why a date in the API's form is refused: the month has no such day (2026-02-31). */
export const NOT_AN_EXISTING_DATE = 'is not a date that exists: check the day and the month';

/**
 * What is wrong with a text that is not a calendar date: a year of five
 * digits (a date field typed on past its four), a day the month lacks, or
 * not the API's form at all.
 */
function calendarDateProblem(input: unknown): string {
  if (typeof input === 'string' && /^\d{5,}-\d{2}-\d{2}$/.test(input)) {
    return BUSINESS_YEARS_MESSAGE;
  }
  if (typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input)) return NOT_AN_EXISTING_DATE;
  return 'enter a date as YYYY-MM-DD';
}

/** A calendar date as the API takes it: YYYY-MM-DD, in BUSINESS_YEARS. */
export function calendarDate() {
  return z.iso
    .date({ error: (issue) => calendarDateProblem(issue.input) })
    .refine((value) => isBusinessYear(Number(value.slice(0, 4))), BUSINESS_YEARS_MESSAGE);
}
