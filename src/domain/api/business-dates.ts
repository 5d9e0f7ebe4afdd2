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

/** A calendar date as the API takes it: YYYY-MM-DD, in BUSINESS_YEARS. */
export function calendarDate() {
  return z.iso
    .date('enter a date as YYYY-MM-DD')
    .refine((value) => isBusinessYear(Number(value.slice(0, 4))), BUSINESS_YEARS_MESSAGE);
}
