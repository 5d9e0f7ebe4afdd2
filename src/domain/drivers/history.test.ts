import { describe, expect, it } from 'vitest';
import { businessPeriods } from '../admin/business-day';
import { historyWindow, periodWindows } from './history';

// 10:30 on Wednesday 11 March 2026 in Perth (UTC+8).
const NOW = new Date('2026-03-11T02:30:00.000Z');
const PERTH = 'Australia/Perth';

describe('periodWindows', () => {
  it('runs today, this week (from Monday) and this month to the end of today', () => {
    const endOfToday = new Date('2026-03-11T16:00:00.000Z');
    expect(periodWindows(businessPeriods(NOW, PERTH))).toEqual({
      today: { from: new Date('2026-03-10T16:00:00.000Z'), until: endOfToday },
      week: { from: new Date('2026-03-08T16:00:00.000Z'), until: endOfToday },
      month: { from: new Date('2026-02-28T16:00:00.000Z'), until: endOfToday },
    });
  });
});

describe('historyWindow', () => {
  it('takes a period from periodWindows and a range as whole business days', () => {
    expect(historyWindow({ period: 'week' }, NOW, PERTH)).toEqual(
      periodWindows(businessPeriods(NOW, PERTH)).week,
    );
    expect(
      historyWindow({ period: 'range', from: '2026-03-02', to: '2026-03-03' }, NOW, PERTH),
    ).toEqual({
      from: new Date('2026-03-01T16:00:00.000Z'),
      until: new Date('2026-03-03T16:00:00.000Z'),
    });
  });
});
