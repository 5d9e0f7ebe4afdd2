import { describe, expect, it } from 'vitest';
import { MAX_VEHICLE_SEATS, vehicleSeatsProblem } from './api';

describe('vehicleSeatsProblem', () => {
  it("names the type's least seats with the article its name takes", () => {
    expect(vehicleSeatsProblem('Imax 7', 2)).toBe('an Imax 7 seats at least 7 passengers');
    expect(vehicleSeatsProblem('Multivan 6', 5)).toBe('a Multivan 6 seats at least 6 passengers');
    expect(vehicleSeatsProblem('Standard HUG', 4)).toBeNull();
  });

  it("refuses more seats than the type's passengers, suggesting the larger type", () => {
    expect(vehicleSeatsProblem('Standard HUG', 9)).toBe(
      'a Standard HUG seats at most 4 passengers; the larger types seat 6 (Multivan 6) and 7 (Imax 7)',
    );
    expect(vehicleSeatsProblem('Standard HUG', 6)).toBe(
      'a Standard HUG seats at most 4 passengers; choose Multivan 6 for 6 seats',
    );
    expect(vehicleSeatsProblem('Multivan 6', 7)).toBe(
      'a Multivan 6 seats at most 6 passengers; choose Imax 7 for 7 seats',
    );
    expect(vehicleSeatsProblem('Imax 7', 8)).toBe(
      'an Imax 7 seats at most 7 passengers, the most of any vehicle type',
    );
    expect(vehicleSeatsProblem('Multivan 6', 6)).toBeNull();
    expect(vehicleSeatsProblem('Imax 7', 7)).toBeNull();
  });

  it('has the largest type seat the most any vehicle may', () => {
    expect(MAX_VEHICLE_SEATS).toBe(7);
  });
});
