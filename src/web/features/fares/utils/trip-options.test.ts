import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRIP_OPTIONS,
  describeLuggage,
  tickedOptionLabels,
  updateTripOptions,
} from './trip-options';

describe('updateTripOptions', () => {
  it('chooses the vehicle again when passengers or luggage change', () => {
    expect(updateTripOptions(DEFAULT_TRIP_OPTIONS, { passengers: 5 }).vehicleType).toBe(
      'Multivan 6',
    );
    expect(updateTripOptions(DEFAULT_TRIP_OPTIONS, { passengers: 7 }).vehicleType).toBe('Imax 7');
    expect(updateTripOptions(DEFAULT_TRIP_OPTIONS, { oversizedItems: true }).vehicleType).toBe(
      'Multivan 6',
    );
  });

  it('keeps a vehicle picked by hand while only seats or assistance options change', () => {
    const picked = updateTripOptions(DEFAULT_TRIP_OPTIONS, { vehicleType: 'Imax 7' });
    const next = updateTripOptions(picked, { childSeats: true, walkingAids: true });
    expect(next.vehicleType).toBe('Imax 7');
  });

  it('replaces a vehicle picked by hand once the luggage changes', () => {
    const picked = updateTripOptions(DEFAULT_TRIP_OPTIONS, { vehicleType: 'Imax 7' });
    expect(updateTripOptions(picked, { largeSuitcases: 1 }).vehicleType).toBe('Standard HUG');
  });

  it('does not override the manual choice when a value is set to what it already was', () => {
    const picked = updateTripOptions(DEFAULT_TRIP_OPTIONS, { vehicleType: 'Multivan 6' });
    expect(updateTripOptions(picked, { passengers: 1 }).vehicleType).toBe('Multivan 6');
  });
});

describe('trip descriptions', () => {
  it('describes luggage', () => {
    expect(describeLuggage({ largeSuitcases: 0, mediumSuitcases: 0 })).toBe('No suitcases');
    expect(describeLuggage({ largeSuitcases: 1, mediumSuitcases: 0 })).toBe('1 large suitcase');
    expect(describeLuggage({ largeSuitcases: 2, mediumSuitcases: 1 })).toBe(
      '2 large, 1 medium suitcases',
    );
  });

  it('lists the ticked options with the spec labels', () => {
    expect(
      tickedOptionLabels({ ...DEFAULT_TRIP_OPTIONS, excessLuggage: true, walkingAids: true }),
    ).toEqual(['Excess Luggage', 'Walking Aids/Wheelchair/Walker']);
  });
});
