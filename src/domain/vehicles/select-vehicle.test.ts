import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STANDARD_FULL_WARNING,
  selectVehicle,
  standardCapacityWarning,
  type VehicleSelectionInput,
} from './select-vehicle';
import { VEHICLE_CAPACITY, VEHICLE_TYPES } from './vehicle-types';

const NOTHING_EXTRA: VehicleSelectionInput = {
  passengers: 1,
  largeSuitcases: 0,
  mediumSuitcases: 0,
  excessLuggage: false,
  sportingEquipment: false,
  oversizedItems: false,
};

function select(changes: Partial<VehicleSelectionInput>) {
  return selectVehicle({ ...NOTHING_EXTRA, ...changes });
}

describe('selectVehicle', () => {
  it('picks Standard HUG for one passenger with no luggage', () => {
    expect(select({})).toBe('Standard HUG');
  });

  describe('passengers', () => {
    it('picks Imax 7 for more than 6 passengers', () => {
      expect(select({ passengers: 7 })).toBe('Imax 7');
    });

    it('picks Multivan 6 for exactly 6 passengers', () => {
      expect(select({ passengers: 6 })).toBe('Multivan 6');
    });

    it('picks Multivan 6 for more than 4 passengers', () => {
      expect(select({ passengers: 5 })).toBe('Multivan 6');
    });

    it('keeps Standard HUG for exactly 4 passengers with light luggage', () => {
      expect(select({ passengers: 4, largeSuitcases: 2, mediumSuitcases: 2 })).toBe('Standard HUG');
    });

    it('picks Imax 7 for 7 passengers whatever the luggage', () => {
      expect(
        select({
          passengers: 7,
          largeSuitcases: 9,
          mediumSuitcases: 9,
          excessLuggage: true,
          sportingEquipment: true,
          oversizedItems: true,
        }),
      ).toBe('Imax 7');
    });
  });

  describe('luggage checkboxes', () => {
    it('picks Multivan 6 when excess luggage is ticked', () => {
      expect(select({ excessLuggage: true })).toBe('Multivan 6');
    });

    it('picks Multivan 6 when sporting equipment is ticked', () => {
      expect(select({ sportingEquipment: true })).toBe('Multivan 6');
    });

    it('picks Multivan 6 when oversized items is ticked', () => {
      expect(select({ oversizedItems: true })).toBe('Multivan 6');
    });
  });

  describe('large suitcases with exactly 4 passengers', () => {
    it('picks Multivan 6 for 4 passengers and more than 2 large suitcases', () => {
      expect(select({ passengers: 4, largeSuitcases: 3 })).toBe('Multivan 6');
    });

    it('keeps Standard HUG for 4 passengers and exactly 2 large suitcases', () => {
      expect(select({ passengers: 4, largeSuitcases: 2 })).toBe('Standard HUG');
    });

    it('keeps Standard HUG for 3 passengers and 3 large suitcases, as the rule names exactly 4', () => {
      expect(select({ passengers: 3, largeSuitcases: 3 })).toBe('Standard HUG');
    });
  });

  describe('medium suitcases', () => {
    it('picks Multivan 6 for more than 3 medium suitcases', () => {
      expect(select({ mediumSuitcases: 4 })).toBe('Multivan 6');
    });

    it('keeps Standard HUG for exactly 3 medium suitcases', () => {
      expect(select({ mediumSuitcases: 3 })).toBe('Standard HUG');
    });
  });

  describe('large and medium suitcases together', () => {
    it('picks Multivan 6 for more than 1 large and more than 2 medium suitcases', () => {
      expect(select({ largeSuitcases: 2, mediumSuitcases: 3 })).toBe('Multivan 6');
    });

    it('keeps Standard HUG for exactly 1 large and 3 medium suitcases', () => {
      expect(select({ largeSuitcases: 1, mediumSuitcases: 3 })).toBe('Standard HUG');
    });

    it('keeps Standard HUG for 2 large and exactly 2 medium suitcases', () => {
      expect(select({ largeSuitcases: 2, mediumSuitcases: 2 })).toBe('Standard HUG');
    });
  });

  const selectionInput = fc.record({
    passengers: fc.integer({ min: 1, max: 7 }),
    largeSuitcases: fc.integer({ min: 0, max: 10 }),
    mediumSuitcases: fc.integer({ min: 0, max: 10 }),
    excessLuggage: fc.boolean(),
    sportingEquipment: fc.boolean(),
    oversizedItems: fc.boolean(),
  });

  it('always picks a vehicle that seats every passenger', () => {
    fc.assert(
      fc.property(selectionInput, (input) => {
        expect(VEHICLE_CAPACITY[selectVehicle(input)]).toBeGreaterThanOrEqual(input.passengers);
      }),
    );
  });

  it('never picks a smaller vehicle when a passenger, a suitcase or a checkbox is added', () => {
    const size = (input: VehicleSelectionInput) => VEHICLE_TYPES.indexOf(selectVehicle(input));
    fc.assert(
      fc.property(
        selectionInput,
        fc.constantFrom(
          'passengers',
          'largeSuitcases',
          'mediumSuitcases',
          'excessLuggage',
          'sportingEquipment',
          'oversizedItems',
        ),
        (input, field) => {
          const value = input[field];
          const more =
            typeof value === 'boolean'
              ? { ...input, [field]: true }
              : { ...input, [field]: field === 'passengers' ? Math.min(value + 1, 7) : value + 1 };
          expect(size(more)).toBeGreaterThanOrEqual(size(input));
        },
      ),
    );
  });
});

describe('standardCapacityWarning', () => {
  it('warns about luggage space for exactly 4 passengers in a Standard HUG', () => {
    expect(standardCapacityWarning(4, 'Standard HUG')).toBe(STANDARD_FULL_WARNING);
  });

  it('uses the spec text character for character', () => {
    expect(STANDARD_FULL_WARNING).toBe(
      'All seats occupied, standard vehicle luggage capacity is now limited to maximum large suitcases = 2 + carry on or medium suitcases = 3 + carryon only, or combinations similar, please consider Multivan 6 or Imax 7 to avoid cancellation fee if requested vehicle dispatched is inadequate',
    );
  });

  it('does not warn for 3 or 5 passengers', () => {
    expect(standardCapacityWarning(3, 'Standard HUG')).toBeNull();
    expect(standardCapacityWarning(5, 'Standard HUG')).toBeNull();
  });

  it('does not warn when a Multivan 6 or Imax 7 is already selected', () => {
    expect(standardCapacityWarning(4, 'Multivan 6')).toBeNull();
    expect(standardCapacityWarning(4, 'Imax 7')).toBeNull();
  });
});
