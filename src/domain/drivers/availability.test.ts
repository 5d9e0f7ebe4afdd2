import { describe, expect, it } from 'vitest';
import {
  LOST_CONTACT_MS,
  STALE_POSITION_MS,
  driverAvailability,
  hasLostContact,
  isPositionStale,
  positionReadAt,
} from './availability';

describe('driverAvailability', () => {
  it('is free when active with no booking in progress', () => {
    expect(driverAvailability('active', [])).toBe('free');
    expect(driverAvailability('active', ['assigned', 'completed', 'pending'])).toBe('free');
  });

  it.each(['en-route', 'arrived', 'on-board'] as const)(
    'is busy when active and a booking is %s',
    (status) => {
      expect(driverAvailability('active', ['assigned', status])).toBe('busy');
    },
  );

  it('is away when offline or suspended, whatever their bookings', () => {
    expect(driverAvailability('offline', [])).toBe('away');
    expect(driverAvailability('suspended', ['on-board'])).toBe('away');
  });
});

describe('positionReadAt', () => {
  const now = new Date('2026-03-05T10:00:00Z');
  it('is when the phone read it, so a reading sent again keeps its age', () => {
    expect(positionReadAt('2026-03-05T09:50:00.250Z', now)).toEqual(
      new Date('2026-03-05T09:50:00.250Z'),
    );
    expect(positionReadAt('2026-03-05T17:50:00+08:00', now)).toEqual(
      new Date('2026-03-05T09:50:00Z'),
    );
  });

  it('is never later than the server clock: a phone clock ahead reads as now', () => {
    expect(positionReadAt('2026-03-05T10:03:00Z', now)).toEqual(now);
  });

  it('is when received without a reading time (older app versions)', () => {
    expect(positionReadAt(undefined, now)).toBe(now);
  });
});

describe('isPositionStale', () => {
  const now = new Date('2026-03-05T10:00:00Z');
  it('is fresh up to STALE_POSITION_MS old and stale after', () => {
    expect(isPositionStale(new Date(now.getTime() - STALE_POSITION_MS), now)).toBe(false);
    expect(isPositionStale(new Date(now.getTime() - STALE_POSITION_MS - 1), now)).toBe(true);
  });
});

describe('hasLostContact', () => {
  const now = new Date('2026-03-05T10:00:00Z');
  it('keeps contact up to 12 hours and loses it after', () => {
    expect(LOST_CONTACT_MS).toBe(12 * 60 * 60 * 1000);
    expect(hasLostContact(new Date(now.getTime() - LOST_CONTACT_MS), now)).toBe(false);
    expect(hasLostContact(new Date(now.getTime() - LOST_CONTACT_MS - 1), now)).toBe(true);
  });
});
