import { describe, expect, it } from 'vitest';
import { acceptanceRate, completionRate, onTimeRate, type MetricEvent } from './driver-metrics';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 2, minute));
const event = (changes: Partial<MetricEvent> & Pick<MetricEvent, 'bookingId'>): MetricEvent => ({
  type: 'status',
  toStatus: null,
  actorUserId: null,
  driverId: null,
  occurredAt: at(0),
  ...changes,
});

describe('acceptance rate', () => {
  it('counts an assignment kept when the booking moves on with the driver', () => {
    const events = [
      event({ bookingId: 'a', type: 'assigned', driverId: 'd1', toStatus: 'assigned' }),
      event({ bookingId: 'a', toStatus: 'en-route', occurredAt: at(5) }),
      event({ bookingId: 'b', type: 'assigned', driverId: 'd1', toStatus: 'assigned' }),
      event({ bookingId: 'b', toStatus: 'pending', occurredAt: at(5) }),
      event({ bookingId: 'c', type: 'assigned', driverId: 'd1', toStatus: 'assigned' }),
      event({ bookingId: 'c', toStatus: 'cancelled', actorUserId: 'u1', occurredAt: at(5) }),
      event({ bookingId: 'd', type: 'assigned', driverId: 'd1', toStatus: 'assigned' }),
      event({
        bookingId: 'd',
        toStatus: 'cancelled',
        actorUserId: 'dispatcher',
        occurredAt: at(5),
      }),
    ];
    // a kept, b taken off, c cancelled by the driver, d cancelled by dispatch: 2 of 4.
    expect(acceptanceRate(events, 'd1', 'u1')).toBe(0.5);
  });

  it('does not count an assignment that is still open', () => {
    const events = [event({ bookingId: 'a', type: 'assigned', driverId: 'd1' })];
    expect(acceptanceRate(events, 'd1', null)).toBeNull();
  });

  it('counts a reassignment to another driver against the first driver', () => {
    const events = [
      event({ bookingId: 'a', type: 'assigned', driverId: 'd1' }),
      event({ bookingId: 'a', type: 'assigned', driverId: 'd2', occurredAt: at(3) }),
      event({ bookingId: 'a', toStatus: 'en-route', occurredAt: at(6) }),
    ];
    expect(acceptanceRate(events, 'd1', null)).toBe(0);
    expect(acceptanceRate(events, 'd2', null)).toBe(1);
  });
});

describe('completion and on-time rates', () => {
  it('divides completed jobs by every job the driver finished one way or another', () => {
    expect(completionRate({ completed: 8, noShow: 1, cancelledAfterAssignment: 1 })).toBe(0.8);
    expect(completionRate({ completed: 0, noShow: 0, cancelledAfterAssignment: 0 })).toBeNull();
  });

  it('counts arriving exactly at the pickup time as on time', () => {
    expect(
      onTimeRate([
        { pickupTime: at(10), arrivedAt: at(10) },
        { pickupTime: at(10), arrivedAt: at(12) },
        { pickupTime: at(10), arrivedAt: null },
      ]),
    ).toBe(0.5);
  });
});
