import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateOrNever,
  formatDateTime,
  formatDayHeading,
  formatPastInstant,
  formatTimeOfDay,
} from './dates';

describe('formatDate', () => {
  it("shows a date as 'MMM d, yyyy'", () => {
    expect(formatDate(new Date(2024, 2, 5))).toBe('Mar 5, 2024');
    expect(formatDate(new Date(2024, 11, 25, 23, 59))).toBe('Dec 25, 2024');
  });

  it('keeps a date-only string on its calendar day', () => {
    expect(formatDate('2024-03-05')).toBe('Mar 5, 2024');
    expect(formatDate('2024-03-05', 'Australia/Perth')).toBe('Mar 5, 2024');
    expect(formatDate('2024-03-05', 'America/Los_Angeles')).toBe('Mar 5, 2024');
  });

  it('shows an instant on its Perth day when given the Perth time zone', () => {
    // 8 pm UTC on 4 March is 4 am on 5 March in Perth (UTC+8).
    expect(formatDate('2024-03-04T20:00:00Z', 'Australia/Perth')).toBe('Mar 5, 2024');
    expect(formatDate(new Date('2024-03-04T20:00:00Z'), 'UTC')).toBe('Mar 4, 2024');
  });

  it('rejects a string that is not a date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('formatDateOrNever', () => {
  it("shows 'Never' when there is no date", () => {
    expect(formatDateOrNever(null)).toBe('Never');
    expect(formatDateOrNever(undefined)).toBe('Never');
  });

  it('shows the date when there is one', () => {
    expect(formatDateOrNever('2024-03-05')).toBe('Mar 5, 2024');
  });
});

describe('times of day', () => {
  it('writes one time style, 12-hour with lower-case am and pm, in the zone given', () => {
    // 21:45 UTC on 21 November is 5:45 am on 22 November in Perth.
    expect(formatTimeOfDay('2026-11-21T21:45:00Z', 'Australia/Perth')).toBe('5:45 am');
    expect(formatTimeOfDay(new Date('2026-11-22T09:40:25Z'), 'Australia/Perth')).toBe('5:40 pm');
    expect(formatTimeOfDay('2026-11-22T09:40:25Z', 'Australia/Sydney')).toBe('8:40 pm');
  });

  it("writes a date and time as 'MMM d, yyyy, h:mm am'", () => {
    expect(formatDateTime('2026-11-21T21:45:00Z', 'Australia/Perth')).toBe('Nov 22, 2026, 5:45 am');
    expect(formatDateTime(Date.parse('2026-11-22T04:00:00Z'), 'Australia/Perth')).toBe(
      'Nov 22, 2026, 12:00 pm',
    );
  });

  it("heads a day with its weekday and the 'MMM d, yyyy' date", () => {
    expect(formatDayHeading('2026-03-03T20:00:00Z', 'Australia/Perth')).toBe(
      'Wednesday, Mar 4, 2026',
    );
  });
});

describe('formatPastInstant', () => {
  const zone = 'Australia/Perth';
  // 10:15 am on Thursday 5 March 2026 in Perth (UTC+8).
  const now = new Date('2026-03-05T02:15:00Z');

  it('writes only the time of day for earlier today, in the zone given', () => {
    // 12:30 am Thursday in Perth is still Wednesday in UTC.
    expect(formatPastInstant('2026-03-04T16:30:00Z', now, zone)).toBe('12:30 am');
    expect(formatPastInstant('2026-03-05T01:32:00Z', now, zone)).toBe('9:32 am');
  });

  it("names yesterday, then the weekday within the last week, so an old time never reads as today's", () => {
    expect(formatPastInstant('2026-03-04T01:32:00Z', now, zone)).toBe('yesterday 9:32 am');
    expect(formatPastInstant('2026-03-03T01:32:00Z', now, zone)).toBe('Tue 9:32 am');
    expect(formatPastInstant('2026-02-27T01:32:00Z', now, zone)).toBe('Fri 9:32 am');
  });

  it('gives the date from a week back: the weekday would be ambiguous', () => {
    expect(formatPastInstant('2026-02-26T01:32:00Z', now, zone)).toBe('Feb 26, 2026, 9:32 am');
  });
});
