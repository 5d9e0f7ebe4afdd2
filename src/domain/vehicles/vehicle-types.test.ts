import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VEHICLE_TYPE,
  VEHICLE_CAPACITY,
  VEHICLE_TYPES,
  VehicleTypeSchema,
  isVehicleType,
} from './vehicle-types';

describe('vehicle types', () => {
  it('offers Standard HUG, Multivan 6 and Imax 7 in that order', () => {
    expect(VEHICLE_TYPES).toEqual(['Standard HUG', 'Multivan 6', 'Imax 7']);
  });

  it('defaults to Standard HUG', () => {
    expect(DEFAULT_VEHICLE_TYPE).toBe('Standard HUG');
  });

  it('seats 4 in a Standard HUG, 6 in a Multivan 6 and 7 in an Imax 7', () => {
    expect(VEHICLE_CAPACITY).toEqual({ 'Standard HUG': 4, 'Multivan 6': 6, 'Imax 7': 7 });
  });

  it('accepts only the exact vehicle names', () => {
    expect(VehicleTypeSchema.safeParse('Imax 7').success).toBe(true);
    expect(VehicleTypeSchema.safeParse('imax 7').success).toBe(false);
    expect(isVehicleType('Multivan 6')).toBe(true);
    expect(isVehicleType('Minibus')).toBe(false);
    expect(isVehicleType(undefined)).toBe(false);
  });
});
