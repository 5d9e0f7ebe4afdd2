import { describe, expect, it } from 'vitest';
import { jobsRange, locationJobsRange } from '.';

// 10 am on 15 January 2030 in Perth.
const NOW = new Date('2030-01-15T02:00:00Z');
const ZONE = 'Australia/Perth';

describe('jobsRange', () => {
  it.each([
    ['neither: today and the next 7 days', {}, { from: '2030-01-15', to: '2030-01-22' }],
    [
      'both: as given',
      { from: '2030-01-01', to: '2030-03-01' },
      { from: '2030-01-01', to: '2030-03-01' },
    ],
    [
      'From alone, later than next week: a week from it, never inverted',
      { from: '2030-03-01' },
      { from: '2030-03-01', to: '2030-03-08' },
    ],
    [
      'From alone, in the past: a week from it',
      { from: '2029-12-30' },
      { from: '2029-12-30', to: '2030-01-06' },
    ],
    ['To alone, ahead: from today', { to: '2030-02-01' }, { from: '2030-01-15', to: '2030-02-01' }],
    [
      'To alone, already past: the week before it, never inverted',
      { to: '2030-01-10' },
      { from: '2030-01-03', to: '2030-01-10' },
    ],
  ])('%s', (_name, query, expected) => {
    const range = jobsRange(query, NOW, ZONE);
    expect(range).toEqual(expected);
    expect(range.from <= range.to).toBe(true);
  });

  it('gives a found location a year either side of today', () => {
    expect(locationJobsRange(NOW, ZONE)).toEqual({ from: '2029-01-15', to: '2031-01-15' });
  });
});
