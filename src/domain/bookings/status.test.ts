import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_STATUSES,
  canAssign,
  closedBookingRefusal,
  FINISHED_STATUSES,
  isFinished,
} from './status';

describe('booking status', () => {
  it('ends a booking at completed, cancelled or no-show', () => {
    expect([...FINISHED_STATUSES].sort()).toEqual(['cancelled', 'completed', 'no-show']);
    expect(isFinished('on-board')).toBe(false);
  });

  it('gives a pending or assigned booking to a driver, nothing else', () => {
    expect(ASSIGNABLE_STATUSES).toEqual(['pending', 'assigned', 'en-route']);
    expect(canAssign('pending')).toBe(true);
    expect(canAssign('assigned')).toBe(true);
    expect(canAssign('en-route')).toBe(true);
    expect(canAssign('arrived')).toBe(false);
    expect(canAssign('completed')).toBe(false);
  });
});

describe('closed bookings (decision 89)', () => {
  it('a cancelled or no-show booking takes a notes edit and nothing else', () => {
    for (const status of ['cancelled', 'no-show'] as const) {
      const booking = { reference: 'HFE926', status };
      expect(closedBookingRefusal(booking, ['notes'])).toBeNull();
      expect(closedBookingRefusal(booking, ['notes', 'pickupTime'])).toBe(
        `Booking HFE926 is ${status}: only its notes can change. Book Again makes a new booking from it.`,
      );
      expect(closedBookingRefusal(booking, ['passengerName'])).not.toBeNull();
    }
  });

  it('every other status takes any edit, completed included (a fare put right after the trip)', () => {
    for (const status of [
      'pending',
      'assigned',
      'en-route',
      'arrived',
      'on-board',
      'completed',
    ] as const) {
      expect(
        closedBookingRefusal({ reference: 'X', status }, ['pickupTime', 'fareAmount']),
      ).toBeNull();
    }
  });
});
