import { describe, expect, it } from 'vitest';
import { newOnlineBookingNotice, onlineBookingReceipt } from './online-booking-mails';
import { OnlineBookingInputSchema } from './online-booking';

const input = OnlineBookingInputSchema.parse({
  pickupLocation: 'Perth Airport T1',
  dropoffLocation: 'Fremantle',
  stops: [{ location: 'Kings Park' }],
  pickupTime: '2026-12-01T02:30:00.000Z',
  numPassengers: 1,
  largeSuitcases: 0,
  mediumSuitcases: 3,
  vehicleType: 'Standard HUG',
  passengerName: 'Ann Lee',
  phone: '0412 345 678',
  options: { walkingAids: true },
});
const trip = {
  reference: 'K7Q2MX',
  pickupTime: '2026-12-01T02:30:00.000Z',
  pickupLocation: 'Perth Airport T1',
  dropoffLocation: 'Fremantle',
  vehicleType: 'Standard HUG',
  numPassengers: 1,
  fareAmount: 80,
};

describe('the mails of an online booking', () => {
  it("tells the office the trip in the business's time, the phone as dialled here", () => {
    expect(newOnlineBookingNotice(trip, input, 'Australia/Perth').text).toBe(
      [
        'Ann Lee (0412 345 678) requested a Standard HUG online.',
        '',
        'Pickup: Perth Airport T1, Dec 1, 2026, 10:30 am (Perth time)',
        'Stop 1: Kings Park',
        'Dropoff: Fremantle',
        'Vehicle: Standard HUG, 1 passenger',
        'Luggage: 3 medium suitcases',
        'Assistance: Walking aids/wheelchair/walker',
        'Quoted fare: $80.00',
        '',
        'It waits in the dispatch list as pending: confirm it with the customer by phone.',
      ].join('\n'),
    );
  });

  it('names the zone by its city, and asks a reply only when a reply reaches the business', () => {
    const business = {
      name: 'Swan Cars',
      phone: '',
      email: 'desk@swan.test',
      timeZone: 'Australia/Broken_Hill',
    };
    const receipt = onlineBookingReceipt(trip, input, business);
    expect(receipt.subject).toBe('Your booking request K7Q2MX with Swan Cars');
    expect(receipt.text).toContain('(Broken Hill time)');
    expect(receipt.text).toMatch(/reply to this email and quote K7Q2MX\.$/);
    expect(onlineBookingReceipt(trip, input, { ...business, email: '' }).text).toMatch(
      /Quoted fare: \$80\.00$/,
    );
    // The business's phone as typed in Settings, written as Australian numbers are.
    expect(
      onlineBookingReceipt(trip, input, { ...business, phone: '+61 8 9000 0000' }).text,
    ).toMatch(/call us on \(08\) 9000 0000 and quote K7Q2MX\.$/);
  });
});
