import { describe, expect, it } from 'vitest';
import { prepareBooking } from './booking-import';

const RULES = { now: new Date('2027-01-01T00:00:00Z'), timeZone: 'Australia/Perth' };

function reasonOf(cells: Record<string, string>): string | null {
  const row = {
    'Pickup Date': '2027-03-05',
    'Pickup Time': '9:30 am',
    'Pickup Address': 'Perth Airport T1',
    'Dropoff Address': 'Kings Park',
    'Passenger Name': 'Ada',
    ...cells,
  };
  const prepared = prepareBooking({ line: 2, problem: null, row }, RULES);
  return prepared.ok ? null : prepared.reason;
}

describe('a booking import row', () => {
  it('names every bad value at once, in the order of the columns', () => {
    expect(
      reasonOf({
        'Pickup Time': '25:00',
        'Dropoff Address': '',
        'Passenger Phone': '12345',
        Passengers: 'two',
        'Vehicle Type': 'Limo',
      }),
    ).toBe(
      'Pickup Time "25:00" is not a time (write 09:30, 14:45 or 2:45 pm). ' +
        'Dropoff Address: is required. ' +
        'Passenger Phone "12345" is not a valid phone number. ' +
        'Passengers "two" is not a number. ' +
        'Vehicle Type "Limo" is not one of our vehicle types: Standard HUG, Multivan 6, Imax 7.',
    );
  });

  it('says a passed pickup with the other bad values, and asks for a passenger only when none is given', () => {
    expect(
      reasonOf({
        'Pickup Date': '2026-12-24',
        'Passenger Name': '',
        Suitcases: 'lots',
      }),
    ).toBe(
      'The pickup 2026-12-24 09:30 has passed: only upcoming bookings are imported. ' +
        'Passenger Name, Passenger Phone or Passenger Email: one is required. ' +
        'Suitcases "lots" is not a number.',
    );
  });

  it('takes a passenger name of invisible characters for no name', () => {
    expect(reasonOf({ 'Passenger Name': '\u200B\u00A0' })).toBe(
      'Passenger Name, Passenger Phone or Passenger Email: one is required.',
    );
    const prepared = prepareBooking(
      {
        line: 2,
        problem: null,
        row: {
          'Pickup Date': '2027-03-05',
          'Pickup Time': '9:30 am',
          'Pickup Address': 'Perth Airport T1',
          'Dropoff Address': 'Kings Park',
          'Passenger Name': '\uFEFFZoë\u200B',
        },
      },
      RULES,
    );
    expect(prepared.ok && prepared.booking.passengerName).toBe('Zoë');
  });
});
