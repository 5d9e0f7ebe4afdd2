import { afterEach, describe, expect, it } from 'vitest';
import { dayRangeToIso, defaultPickupTime, wallTimeToIso } from './wall-time';

const ORIGINAL_TZ = process.env.TZ;

describe('Perth wall-clock times', () => {
  afterEach(() => {
    process.env.TZ = ORIGINAL_TZ;
  });

  it.each([
    ['2030-01-15T01:31:10Z', '2030-01-15 09:35:00'],
    ['2030-01-15T01:35:00Z', '2030-01-15 09:35:00'],
    ['2030-01-15T15:58:00Z', '2030-01-16 00:00:00'],
  ])('defaults the pickup time at %s to the next 5 minutes in Perth: %s', (now, expected) => {
    expect(defaultPickupTime(new Date(now))).toBe(expected);
  });

  it.each(['UTC', 'America/Los_Angeles', 'Australia/Sydney'])(
    'reads the picked time as Perth time in a browser set to %s',
    (zone) => {
      process.env.TZ = zone;
      expect(wallTimeToIso('2030-01-15 09:30:00')).toBe('2030-01-15T01:30:00.000Z');
      expect(dayRangeToIso('2030-07-01', '2030-07-08')).toEqual({
        from: '2030-06-30T16:00:00.000Z',
        to: '2030-07-08T16:00:00.000Z',
      });
    },
  );
});
