import { describe, expect, it } from 'vitest';
import { businessPeriods } from './business-day';

describe('business periods', () => {
  it('starts the day at midnight in Perth, not UTC', () => {
    // 07:30 on Tuesday 10 March 2026 in Perth is 23:30 on Monday in UTC.
    const periods = businessPeriods(new Date('2026-03-09T23:30:00Z'), 'Australia/Perth');
    expect(periods.startOfToday.toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(periods.startOfTomorrow.toISOString()).toBe('2026-03-10T16:00:00.000Z');
    expect(periods.startOfYesterday.toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(periods.sameTimeYesterday.toISOString()).toBe('2026-03-08T23:30:00.000Z');
    expect(periods.startOfWeek.toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(periods.startOfMonth.toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });

  it('keeps the wall-clock time for yesterday across a daylight-saving change', () => {
    // Sydney leaves daylight saving at 03:00 on Sunday 5 April 2026.
    const periods = businessPeriods(new Date('2026-04-05T22:00:00Z'), 'Australia/Sydney');
    // 08:00 Monday AEST; yesterday 08:00 AEST too, 24 h earlier.
    expect(periods.sameTimeYesterday.toISOString()).toBe('2026-04-04T22:00:00.000Z');
    // Sunday had 25 hours: it began at 00:00 AEDT = 13:00 UTC Saturday.
    expect(periods.startOfYesterday.toISOString()).toBe('2026-04-04T13:00:00.000Z');
  });
});
