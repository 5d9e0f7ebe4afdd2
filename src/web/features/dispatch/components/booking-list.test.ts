import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../domain/bookings/api';
import { indexOfNextPickup } from './booking-list';

const at = (iso: string) => ({ pickupTime: iso }) as Booking;
const now = Date.parse('2026-11-23T10:00:00+08:00');

describe('indexOfNextPickup', () => {
  it('opens at the first pickup from a quarter of an hour ago on, past the morning', () => {
    const list = [
      at('2026-11-23T06:00:00+08:00'),
      at('2026-11-23T08:30:00+08:00'),
      at('2026-11-23T09:50:00+08:00'),
      at('2026-11-23T11:00:00+08:00'),
    ];
    expect(indexOfNextPickup(list, now)).toBe(2);
  });

  it('opens at the last row when every pickup has passed, and at the top when none has', () => {
    expect(
      indexOfNextPickup([at('2026-11-23T06:00:00+08:00'), at('2026-11-23T07:00:00+08:00')], now),
    ).toBe(1);
    expect(indexOfNextPickup([at('2026-11-23T12:00:00+08:00')], now)).toBe(0);
  });
});
