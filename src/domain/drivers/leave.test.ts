import { describe, expect, it } from 'vitest';
import { LeaveInputSchema, leaveCovering, leaveRefusal } from './leave';
import { dayInZone, startOfBusinessDate } from '../bookings/wall-time';
import { weekDates } from './schedule';

describe('leave', () => {
  const leaves = [{ startsOn: '2026-03-02', endsOn: '2026-03-06', reason: 'Annual leave' }];

  it('covers both ends of its range and nothing outside it', () => {
    expect(leaveCovering(leaves, '2026-03-02')).toBe(leaves[0]);
    expect(leaveCovering(leaves, '2026-03-06')).toBe(leaves[0]);
    expect(leaveCovering(leaves, '2026-03-01')).toBeNull();
    expect(leaveCovering(leaves, '2026-03-07')).toBeNull();
  });

  it('reads the pickup date in the business time zone', () => {
    // 20:00 UTC on the 1st is 04:00 on the 2nd in Perth.
    expect(dayInZone(new Date('2026-03-01T20:00:00Z'), 'Australia/Perth')).toBe('2026-03-02');
  });

  it('names the reason and the range in the refusal', () => {
    expect(leaveRefusal('Ann Lee', leaves[0]!)).toBe(
      'Ann Lee is unavailable from 2026-03-02 to 2026-03-06 (Annual leave) and cannot be assigned a job that day.',
    );
  });

  it('refuses a range that ends before it starts, naming endsOn', () => {
    const result = LeaveInputSchema.safeParse({
      startsOn: '2026-03-05',
      endsOn: '2026-03-04',
      reason: 'Sick',
    });
    expect(result.error?.issues[0]?.path).toEqual(['endsOn']);
  });
});

describe('schedule weeks', () => {
  it('runs Monday to Sunday around any date', () => {
    expect(weekDates('2026-03-05')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(weekDates('2026-03-08')[0]).toBe('2026-03-02');
  });

  it('starts a business date at midnight in its time zone', () => {
    expect(startOfBusinessDate('2026-03-05', 'Australia/Perth').toISOString()).toBe(
      '2026-03-04T16:00:00.000Z',
    );
  });
});
