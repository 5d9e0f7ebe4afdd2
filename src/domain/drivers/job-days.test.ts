import { describe, expect, it } from 'vitest';
import { formatJobDayTime, groupJobsByDay } from './job-days';

const zone = 'Australia/Perth';
// 10 pm on Monday 2 March 2026 in Perth (UTC+8).
const now = new Date('2026-03-02T14:00:00Z');

describe('groupJobsByDay', () => {
  it('groups by the Perth calendar day: today, tomorrow, then the weekday and date', () => {
    const jobs = [
      { id: 'a', pickupTime: '2026-03-02T15:30:00Z' }, // 11:30 pm Monday
      { id: 'b', pickupTime: '2026-03-02T16:30:00Z' }, // 12:30 am Tuesday
      { id: 'c', pickupTime: '2026-03-03T23:00:00Z' }, // 7 am Wednesday
    ];
    const groups = groupJobsByDay(jobs, now, zone);
    expect(groups.map((group) => [group.label, group.jobs.map((job) => job.id)])).toEqual([
      ['Today', ['a']],
      ['Tomorrow', ['b']],
      ['Wednesday, Mar 4, 2026', ['c']],
    ]);
  });
});

describe('formatJobDayTime', () => {
  it('names the day before the time: today, tomorrow, then the weekday and date', () => {
    expect(formatJobDayTime('2026-03-02T15:30:00Z', now, zone)).toBe('Today · 11:30 pm');
    expect(formatJobDayTime('2026-03-02T16:30:00Z', now, zone)).toBe('Tomorrow · 12:30 am');
    expect(formatJobDayTime('2026-03-03T23:00:00Z', now, zone)).toBe(
      'Wednesday, Mar 4, 2026 · 7:00 am',
    );
  });
});
