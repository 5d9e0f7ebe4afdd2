import { describe, expect, it } from 'vitest';
import { bookingCapacityWarning, countBookingPassengers } from './capacity';

describe('countBookingPassengers', () => {
  it('adds every stop to the main passengers in shuttle mode', () => {
    expect(
      countBookingPassengers({
        mainPassengers: 2,
        stops: [{ passengers: 1 }, { passengers: 3 }],
        isShuttle: true,
      }),
    ).toBe(6);
  });

  it('counts only the main passengers outside shuttle mode', () => {
    expect(
      countBookingPassengers({ mainPassengers: 2, stops: [{ passengers: 5 }], isShuttle: false }),
    ).toBe(2);
  });

  it('counts the main passengers in shuttle mode with no stops yet', () => {
    expect(countBookingPassengers({ mainPassengers: 3, stops: [], isShuttle: true })).toBe(3);
  });
});

describe('bookingCapacityWarning', () => {
  it('warns when more than 4 passengers are booked in a Standard HUG', () => {
    expect(
      bookingCapacityWarning({
        mainPassengers: 5,
        stops: [],
        isShuttle: false,
        vehicleType: 'Standard HUG',
      }),
    ).toEqual({
      message:
        'Total number of passengers (5) exceeds Standard HUG capacity. Consider upgrading to Multivan 6 or Imax 7.',
      detail: 'Warning: Combined passenger count requires larger vehicle.',
    });
  });

  it('does not warn for exactly 4 passengers in a Standard HUG', () => {
    expect(
      bookingCapacityWarning({
        mainPassengers: 4,
        stops: [],
        isShuttle: false,
        vehicleType: 'Standard HUG',
      }),
    ).toBeNull();
  });

  it('names the shuttle total, main passengers plus stops, in the warning', () => {
    expect(
      bookingCapacityWarning({
        mainPassengers: 2,
        stops: [{ passengers: 2 }, { passengers: 3 }],
        isShuttle: true,
        vehicleType: 'Standard HUG',
      })?.message,
    ).toBe(
      'Total number of passengers (7) exceeds Standard HUG capacity. Consider upgrading to Multivan 6 or Imax 7.',
    );
  });

  it('ignores stop passengers when shuttle mode is off', () => {
    expect(
      bookingCapacityWarning({
        mainPassengers: 2,
        stops: [{ passengers: 4 }],
        isShuttle: false,
        vehicleType: 'Standard HUG',
      }),
    ).toBeNull();
  });

  it('does not warn for a Multivan 6 or Imax 7, however many passengers', () => {
    for (const vehicleType of ['Multivan 6', 'Imax 7'] as const) {
      expect(
        bookingCapacityWarning({
          mainPassengers: 7,
          stops: [{ passengers: 7 }],
          isShuttle: true,
          vehicleType,
        }),
      ).toBeNull();
    }
  });
});
