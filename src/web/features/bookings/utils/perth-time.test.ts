import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../../domain/format';
import { PICKUP_TIME_ZONE, perthToday, perthWallTimeToIso } from './perth-time';

const ORIGINAL_TZ = process.env.TZ;

describe('perth time', () => {
  afterEach(() => {
    process.env.TZ = ORIGINAL_TZ;
  });

  it.each(['UTC', 'America/Los_Angeles', 'Australia/Sydney'])(
    'reads the picked date and time as Perth time (UTC+8) in a browser set to %s',
    (zone) => {
      process.env.TZ = zone;
      expect(perthWallTimeToIso('2030-01-15 09:30:00')).toBe('2030-01-15T01:30:00.000Z');
      expect(perthWallTimeToIso('2030-07-01 00:15:00')).toBe('2030-06-30T16:15:00.000Z');
    },
  );

  it('accepts a value without seconds', () => {
    expect(perthWallTimeToIso('2030-01-15 09:30')).toBe('2030-01-15T01:30:00.000Z');
  });

  it('rejects text that is not a date and time', () => {
    expect(() => perthWallTimeToIso('tomorrow')).toThrow(RangeError);
  });

  it("gives Perth's calendar day, which may be a day ahead of UTC", () => {
    expect(perthToday(new Date('2030-01-14T17:00:00Z'))).toBe('2030-01-15');
    expect(perthToday(new Date('2030-01-14T15:59:00Z'))).toBe('2030-01-14');
  });

  it('shows an instant in Perth', () => {
    expect(formatDateTime('2030-01-15T01:30:00.000Z', PICKUP_TIME_ZONE)).toBe(
      'Jan 15, 2030, 9:30 am',
    );
  });
});
