import { describe, expect, it } from 'vitest';
import { byAssignPreference } from './assign-preference';

const at = (isStale: boolean) => ({ lat: -31.95, lng: 115.86, updatedAt: '', isStale });

describe('byAssignPreference', () => {
  it('offers drivers with a current position first, each group nearest first', () => {
    const drivers = [
      { id: 'stale-near', location: at(true), distanceMeters: 1_000 },
      { id: 'current-far', location: at(false), distanceMeters: 10_100 },
      { id: 'stale-nearer', location: at(true), distanceMeters: 500 },
      { id: 'current-near', location: at(false), distanceMeters: 4_000 },
      { id: 'unplaced', location: null, distanceMeters: 200 },
    ];
    expect(byAssignPreference(drivers).map((driver) => driver.id)).toEqual([
      'current-near',
      'current-far',
      'unplaced',
      'stale-nearer',
      'stale-near',
    ]);
  });

  it('keeps the order it was given among drivers without a distance, and does not reorder its input', () => {
    const drivers = [
      { id: 'b', location: null },
      { id: 'a', location: null },
      { id: 'c', location: at(false) },
    ];
    expect(byAssignPreference(drivers).map((driver) => driver.id)).toEqual(['c', 'b', 'a']);
    expect(drivers.map((driver) => driver.id)).toEqual(['b', 'a', 'c']);
  });
});
