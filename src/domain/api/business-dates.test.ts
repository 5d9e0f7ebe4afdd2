import { describe, expect, it } from 'vitest';
import { BUSINESS_YEARS_MESSAGE, calendarDate, NOT_AN_EXISTING_DATE } from './business-dates';

function problem(value: unknown): string | undefined {
  const result = calendarDate().safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
}

describe('calendarDate', () => {
  it('takes a day of the business years', () => {
    expect(problem('2026-02-28')).toBeUndefined();
    expect(problem('2028-02-29')).toBeUndefined();
  });

  it('says a day the month lacks does not exist, not that the form is wrong', () => {
    expect(problem('2026-02-31')).toBe(NOT_AN_EXISTING_DATE);
    expect(problem('2026-02-29')).toBe(NOT_AN_EXISTING_DATE);
    expect(problem('2026-13-01')).toBe(NOT_AN_EXISTING_DATE);
  });

  it('says a year typed past four digits is out of the business years', () => {
    expect(problem('22027-03-10')).toBe(BUSINESS_YEARS_MESSAGE);
    expect(problem('1999-12-31')).toBe(BUSINESS_YEARS_MESSAGE);
  });

  it('asks for the form when the text is not one', () => {
    for (const value of ['10/03/2027', '2027-3-10', '', ' 2027-03-10', 20270310]) {
      expect(problem(value)).toBe('enter a date as YYYY-MM-DD');
    }
  });
});
