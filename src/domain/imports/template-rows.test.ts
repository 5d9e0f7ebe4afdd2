import { describe, expect, it } from 'vitest';
import { parseImportDate, prepareBooking } from './booking-import';
import type { CsvRecord } from './parse-file';
import { templateCells, yesNo } from './template-rows';
import { vehicleTypeOf } from './vehicle-import';

function record(row: Record<string, string>, line = 2): CsvRecord {
  return { line, row, problem: null };
}

describe('template rows', () => {
  it('reads a template column whatever the case or spacing of its header', () => {
    const cells = templateCells(record({ ' driver phone ': ' 0412 345 678 ' }), [
      'Driver Phone',
      'Driver Email',
    ]);
    expect(cells).toEqual({ 'Driver Phone': '0412 345 678', 'Driver Email': '' });
  });

  it('reads yes and no as a spreadsheet writes them', () => {
    expect(['Yes', 'y', 'TRUE', '1', 'x'].map(yesNo)).toEqual([true, true, true, true, true]);
    expect(['No', 'n', 'false', '0', ''].map(yesNo)).toEqual([false, false, false, false, false]);
    expect(yesNo('maybe')).toBeNull();
  });

  it('knows a vehicle type however it is typed, and no other', () => {
    expect(vehicleTypeOf('multivan 6')).toBe('Multivan 6');
    expect(vehicleTypeOf('IMAX7')).toBe('Imax 7');
    expect(vehicleTypeOf('standard hug')).toBe('Standard HUG');
    expect(vehicleTypeOf('Van')).toBeNull();
  });
});

describe('booking dates and times', () => {
  it('reads ISO dates and Australian day-first dates, and refuses days that do not exist', () => {
    expect(parseImportDate('2027-03-05')).toBe('2027-03-05');
    expect(parseImportDate('5/3/2027')).toBe('2027-03-05');
    expect(parseImportDate('05.03.2027')).toBe('2027-03-05');
    expect(parseImportDate('31/02/2027')).toBeNull();
    expect(parseImportDate('5/3/27')).toBeNull();
    expect(parseImportDate('March 5')).toBeNull();
  });

  it('reads the pickup in the business time zone it is given', () => {
    const row = {
      'Pickup Date': '2027-03-05',
      'Pickup Time': '9:30 am',
      'Pickup Address': 'Perth Airport T1',
      'Dropoff Address': 'Kings Park',
      'Passenger Name': 'Ada',
    };
    const now = new Date('2027-01-01T00:00:00Z');
    const perth = prepareBooking(record(row), { now, timeZone: 'Australia/Perth' });
    const sydney = prepareBooking(record(row), { now, timeZone: 'Australia/Sydney' });
    expect(perth.ok && perth.booking.pickupTime).toBe('2027-03-05T01:30:00.000Z');
    // Sydney is on daylight time (UTC+11) in March.
    expect(sydney.ok && sydney.booking.pickupTime).toBe('2027-03-04T22:30:00.000Z');
  });
});
