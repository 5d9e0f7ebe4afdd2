import { describe, expect, it } from 'vitest';
import { daysInRange, farePaidCents, recordRangeRefusal } from './wa-booking-records';

describe('the records export range', () => {
  it('counts whole days, both ends included, across a month end and a leap day', () => {
    expect(daysInRange('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysInRange('2030-01-01', '2030-01-01')).toBe(1);
  });

  it('refuses an end before the start and a range past 800 days', () => {
    expect(recordRangeRefusal('2030-01-02', '2030-01-01')).toBe('must not be before from');
    expect(recordRangeRefusal('2028-01-01', '2030-03-11')).toBe(
      'must be at most 800 days after from',
    );
    expect(recordRangeRefusal('2028-01-01', '2029-12-31')).toBeNull();
  });
});

describe('farePaidCents', () => {
  it('is the fare of a completed journey only', () => {
    expect(farePaidCents('completed', 4000)).toBe(4000);
    expect(farePaidCents('cancelled', 4000)).toBe(0);
    expect(farePaidCents('no-show', 4000)).toBe(0);
    for (const status of ['pending', 'assigned', 'en-route', 'arrived', 'on-board'] as const) {
      expect(farePaidCents(status, 4000)).toBeNull();
    }
  });
});
