import { afterEach, describe, expect, it } from 'vitest';
import { dayRangeToIso, defaultPickupTime, isCurrentBooking, wallTimeToIso } from './booking-form';

const ORIGINAL_TZ = process.env.TZ;

describe('the New Booking form', () => {
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
  it("counts a booking as current when it is today's in Perth and still open", () => {
    const now = new Date('2030-01-15T10:00:00Z'); // 6 pm in Perth
    expect(isCurrentBooking({ pickupTime: '2030-01-14T16:30:00Z', status: 'pending' }, now)).toBe(
      true,
    );
    expect(isCurrentBooking({ pickupTime: '2030-01-14T15:30:00Z', status: 'pending' }, now)).toBe(
      false,
    );
    expect(isCurrentBooking({ pickupTime: '2030-01-15T11:00:00Z', status: 'cancelled' }, now)).toBe(
      false,
    );
  });
});
