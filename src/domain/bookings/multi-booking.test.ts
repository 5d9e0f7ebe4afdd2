import { describe, expect, it } from 'vitest';
import { MultiBookingInputSchema } from '../dispatch/api';
import { firstPastPickupTime, MAX_MULTI_BOOKING_TIMES } from './multi-booking';

const NOW = new Date('2026-03-10T01:00:00Z');
const trip = {
  pickupLocation: 'Crown Towers Perth',
  dropoffLocation: 'Perth Airport T1',
  passengerName: 'Jane Smith',
};

describe('firstPastPickupTime', () => {
  it('names the first time before now', () => {
    expect(
      firstPastPickupTime(
        ['2026-03-11T08:00:00+08:00', '2026-03-12T08:00:00+08:00', '2026-03-09T08:00:00+08:00'],
        NOW,
      ),
    ).toEqual({ index: 2, problem: 'must not be in the past' });
  });

  it('allows a time a few minutes ago (clock drift) and every future time', () => {
    expect(firstPastPickupTime(['2026-03-10T08:57:00+08:00'], NOW)).toBeNull();
  });
});

describe('MultiBookingInputSchema', () => {
  it('refuses the same instant twice and names the repeat', () => {
    const result = MultiBookingInputSchema.safeParse({
      trip,
      pickupTimes: ['2026-03-11T08:00:00+08:00', '2026-03-11T00:00:00Z'],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['pickupTimes', 1],
      message: 'is the same as pickupTimes.0',
    });
  });

  it(`allows 1 to ${MAX_MULTI_BOOKING_TIMES} times`, () => {
    const times = (count: number) =>
      Array.from({ length: count }, (_, day) =>
        new Date(NOW.getTime() + (day + 1) * 86_400_000).toISOString(),
      );
    expect(MultiBookingInputSchema.safeParse({ trip, pickupTimes: times(1) }).success).toBe(true);
    expect(MultiBookingInputSchema.safeParse({ trip, pickupTimes: times(31) }).success).toBe(true);
    expect(MultiBookingInputSchema.safeParse({ trip, pickupTimes: times(32) }).success).toBe(false);
    expect(MultiBookingInputSchema.safeParse({ trip, pickupTimes: [] }).success).toBe(false);
  });

  it('needs a passenger name and accepts an Australian phone number or none', () => {
    const base = { pickupTimes: ['2026-03-11T08:00:00+08:00'] };
    expect(
      MultiBookingInputSchema.safeParse({ ...base, trip: { ...trip, passengerName: ' ' } }).success,
    ).toBe(false);
    expect(
      MultiBookingInputSchema.safeParse({ ...base, trip: { ...trip, phone: '0412 345 678' } })
        .success,
    ).toBe(true);
    expect(
      MultiBookingInputSchema.safeParse({ ...base, trip: { ...trip, phone: '12345' } }).success,
    ).toBe(false);
  });
});
