import { describe, expect, it } from 'vitest';
import { LOST_CONTACT_MS, STALE_POSITION_MS } from './api';
import { driverAvailability, hasLostContact, isPositionStale } from './availability';

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
