import { describe, expect, it } from 'vitest';
import {
  formatPickupDay,
  formatPickupInWords,
  formatTypedTime,
  parseTypedTime,
  pickupTimeConcern,
  pickupWallTime,
} from './pickup-time';

describe('parseTypedTime', () => {
  it.each([
    ['10:30', 10, 30],
    ['1030', 10, 30],
    ['10.30am', 10, 30],
    ['10.30 a.m.', 10, 30],
    ['10:30 PM', 22, 30],
    ['22:30', 22, 30],
    ['930', 9, 30],
    ['0930', 9, 30],
    ['9', 9, 0],
    ['9pm', 21, 0],
    ['12am', 0, 0],
    ['12pm', 12, 0],
    ['12:15 am', 0, 15],
    ['0030', 0, 30],
    [' 7.05 ', 7, 5],
  ])('reads %j as %i:%i', (text, hours, minutes) => {
    expect(parseTypedTime(text)).toEqual({ hours, minutes });
  });

  it.each(['', 'soon', '24:00', '10:60', '13pm', '0am', '10:3', '12345', '10:30 xm'])(
    'refuses %j',
    (text) => {
      expect(parseTypedTime(text)).toBeNull();
    },
  );
});

describe('writing a pickup back', () => {
  it('writes a time in the 12-hour style with lower-case am and pm', () => {
    expect(formatTypedTime({ hours: 0, minutes: 5 })).toBe('12:05 am');
    expect(formatTypedTime({ hours: 12, minutes: 0 })).toBe('12:00 pm');
    expect(formatTypedTime({ hours: 22, minutes: 30 })).toBe('10:30 pm');
  });

  it('builds the wall time the pickers hold from a day and a typed time', () => {
    expect(pickupWallTime('2026-11-23', { hours: 9, minutes: 5 })).toBe('2026-11-23 09:05:00');
  });

  it('writes a pickup day as its field shows it, the same wherever the code runs', () => {
    expect(formatPickupDay('2026-12-05')).toBe('Dec 5, 2026');
    expect(formatPickupDay('2027-01-31')).toBe('Jan 31, 2027');
  });

  it("says the pickup in words, with the year only when it is not this year's", () => {
    const now = new Date('2026-11-20T00:00:00Z');
    expect(formatPickupInWords('2026-11-23 10:30:00', now)).toBe('Mon, Nov 23, 10:30 am');
    expect(formatPickupInWords('2027-01-03 17:45:00', now)).toBe('Sun, Jan 3, 2027, 5:45 pm');
  });
});

describe('pickupTimeConcern', () => {
  // 2026-11-23 12:00 in Perth (UTC+8).
  const now = new Date('2026-11-23T04:00:00Z');

  it('asks about a pickup between midnight and 5 am Perth time', () => {
    expect(pickupTimeConcern('2026-11-25 00:00:00', now)).toBe('night');
    expect(pickupTimeConcern('2026-11-25 04:59:00', now)).toBe('night');
    expect(pickupTimeConcern('2026-11-25 05:00:00', now)).toBeNull();
  });

  it('asks about a pickup less than an hour away', () => {
    expect(pickupTimeConcern('2026-11-23 12:30:00', now)).toBe('soon');
    expect(pickupTimeConcern('2026-11-23 12:59:00', now)).toBe('soon');
    expect(pickupTimeConcern('2026-11-23 13:00:00', now)).toBeNull();
  });

  it('says a time already passed has passed, not that it is less than an hour away', () => {
    expect(pickupTimeConcern('2026-11-23 10:30:00', now)).toBe('past');
    expect(pickupTimeConcern('2026-11-23 12:00:00', now)).toBe('past');
    expect(pickupTimeConcern('2026-11-23 02:00:00', now)).toBe('past');
  });
});
