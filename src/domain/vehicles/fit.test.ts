import { describe, expect, it } from 'vitest';
import { assignmentCapacityWarning, vehicleFitsJob, vehicleTypeNeeded } from './fit';

const job = (passengers: number, suitcases = 0, vehicleType = 'Standard HUG' as const) => ({
  passengers,
  suitcases,
  vehicleType,
});

describe('vehicleTypeNeeded', () => {
  it('needs a Standard HUG for up to 4 passengers with light luggage', () => {
    expect(vehicleTypeNeeded(job(4, 3))).toBe('Standard HUG');
  });

  it('needs a Multivan 6 for 5 or 6 passengers and an Imax 7 for 7', () => {
    expect(vehicleTypeNeeded(job(5))).toBe('Multivan 6');
    expect(vehicleTypeNeeded(job(6))).toBe('Multivan 6');
    expect(vehicleTypeNeeded(job(7))).toBe('Imax 7');
  });

  it('needs a Multivan 6 for more than 3 suitcases', () => {
    expect(vehicleTypeNeeded(job(1, 4))).toBe('Multivan 6');
  });

  it('never needs less than the type booked', () => {
    expect(vehicleTypeNeeded({ passengers: 1, suitcases: 0, vehicleType: 'Imax 7' })).toBe(
      'Imax 7',
    );
  });
});

describe('vehicleFitsJob', () => {
  it('fits a bigger vehicle than needed and refuses a smaller one', () => {
    expect(vehicleFitsJob('Imax 7', job(5))).toBe(true);
    expect(vehicleFitsJob('Multivan 6', job(6))).toBe(true);
    expect(vehicleFitsJob('Multivan 6', job(7))).toBe(false);
    expect(vehicleFitsJob('Standard HUG', job(5))).toBe(false);
  });
});

describe('assignmentCapacityWarning', () => {
  it('warns when the driver’s vehicle is too small, naming both types', () => {
    expect(assignmentCapacityWarning('Standard HUG', job(6, 2))).toBe(
      "This job needs a Multivan 6 (6 passengers, 2 suitcases, booked as Standard HUG); the driver's current vehicle is a Standard HUG, which seats 4.",
    );
  });

  it('says nothing when the vehicle fits or the driver has none', () => {
    expect(assignmentCapacityWarning('Multivan 6', job(6, 2))).toBeNull();
    expect(assignmentCapacityWarning(null, job(7))).toBeNull();
  });
});
