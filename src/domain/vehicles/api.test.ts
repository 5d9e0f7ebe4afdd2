import { describe, expect, it } from 'vitest';
import { vehicleSeatsProblem } from './api';

describe('vehicleSeatsProblem', () => {
  it("names the type's least seats with the article its name takes", () => {
    expect(vehicleSeatsProblem('Imax 7', 2)).toBe('an Imax 7 seats at least 7 passengers');
    expect(vehicleSeatsProblem('Multivan 6', 5)).toBe('a Multivan 6 seats at least 6 passengers');
    expect(vehicleSeatsProblem('Standard HUG', 4)).toBeNull();
  });
});
