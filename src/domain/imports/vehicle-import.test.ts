import { describe, expect, it } from 'vitest';
import type { CsvRecord } from './parse-file';
import { prepareVehicle } from './vehicle-import';

const NOW = new Date('2026-06-01T00:00:00Z');

function vehicleRow(cells: Record<string, string>): CsvRecord {
  return {
    line: 2,
    problem: null,
    row: {
      Registration: '1ABC 234',
      'Vehicle Type': 'Standard HUG',
      Make: 'Toyota',
      Model: 'Camry',
      Colour: 'White',
      Year: '2022',
      Seats: '4',
      Electric: 'no',
      'Wheelchair Accessible': 'no',
      ...cells,
    },
  };
}

function reasonOf(cells: Record<string, string>): string | null {
  const prepared = prepareVehicle(vehicleRow(cells), NOW);
  return prepared.ok ? null : prepared.reason;
}

describe('a vehicle import row', () => {
  it('names every bad value at once, in the order of the columns', () => {
    expect(
      reasonOf({ 'Vehicle Type': 'Limo 9', Year: '1970', Seats: '-2', Electric: 'maybe' }),
    ).toBe(
      'Vehicle Type "Limo 9" is not one of our vehicle types: Standard HUG, Multivan 6, Imax 7. ' +
        'Year: must be between 1980 and 2027. ' +
        'Seats "-2" must be at least 1 and at most 7. ' +
        'Electric "maybe" is not yes or no.',
    );
  });

  it("checks seats against the type's passengers, suggesting the larger type", () => {
    expect(reasonOf({ Seats: '-2' })).toBe('Seats: a Standard HUG seats at least 4 passengers.');
    expect(reasonOf({ Seats: '2.5' })).toBe('Seats "2.5" is not a whole number.');
    expect(reasonOf({ Seats: '3' })).toBe('Seats: a Standard HUG seats at least 4 passengers.');
    expect(reasonOf({ Seats: '9' })).toBe(
      'Seats: a Standard HUG seats at most 4 passengers; the larger types seat 6 (Multivan 6) and 7 (Imax 7).',
    );
    expect(reasonOf({ 'Vehicle Type': 'Multivan 6', Seats: '7' })).toBe(
      'Seats: a Multivan 6 seats at most 6 passengers; choose Imax 7 for 7 seats.',
    );
    expect(reasonOf({ 'Vehicle Type': 'Imax 7', Seats: '7' })).toBeNull();
  });

  it('says seats must be at least 1 and at most 7 when the type is unknown', () => {
    expect(reasonOf({ 'Vehicle Type': 'Limo', Seats: '0' })).toMatch(
      /Seats "0" must be at least 1 and at most 7\.$/,
    );
    expect(reasonOf({ 'Vehicle Type': 'Limo', Seats: '12' })).toMatch(
      /Seats "12" must be at least 1 and at most 7\.$/,
    );
  });

  it('adds what the vehicles schema refuses to the values read from the cells', () => {
    expect(reasonOf({ Registration: '!!', Make: '', Year: 'soon' })).toBe(
      'Registration: enter a WA plate of 2 to 8 letters and digits, e.g. 1ABC 234. ' +
        'Make: is required. ' +
        'Year "soon" is not a year.',
    );
  });

  it('takes blank seats from the type, and says nothing of them when the type is unknown', () => {
    expect(prepareVehicle(vehicleRow({ 'Vehicle Type': 'Imax 7', Seats: '' }), NOW)).toMatchObject({
      ok: true,
      vehicle: { seats: 7 },
    });
    expect(reasonOf({ 'Vehicle Type': 'Limo', Seats: '' })).toBe(
      'Vehicle Type "Limo" is not one of our vehicle types: Standard HUG, Multivan 6, Imax 7.',
    );
  });
});
