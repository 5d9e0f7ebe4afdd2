import { describe, expect, it } from 'vitest';
import { testQuote } from '../../../test/public-api-stub';
import { emptyBookingForm } from '../utils/booking-form-state';
import { fieldErrorsFor, pastedBookingErrors } from './booking-editor-refusals';
import { UNPRICED_DROPOFF_MESSAGE, UNPRICED_PICKUP_MESSAGE } from './use-pasted-places';

const PLACED = {
  ...emptyBookingForm(new Date('2030-03-11T01:00:00.000Z')),
  pickupLocation: 'Perth Airport',
  pickupLat: -31.94,
  pickupLng: 115.97,
  dropoffLocation: 'Fremantle',
  dropoffLat: -32.06,
  dropoffLng: 115.74,
  passengerName: 'Alex Morgan',
};

describe('a refused save of the New Booking panel', () => {
  it('shows the errors of fields on screen at them and lists the rest, stops included', () => {
    expect(
      fieldErrorsFor({
        dropoffLocation: 'Enter the destination address',
        'stops.1.location': 'Enter the stop location',
        customerId: 'No such customer',
      }),
    ).toEqual({
      shown: {
        dropoffLocation: 'Enter the destination address',
        'stops.1.location': 'Enter the stop location',
      },
      other: ['customerId: No such customer'],
    });
  });

  it('holds a pasted booking without a name, or with a place not chosen, until it is priced', () => {
    expect(pastedBookingErrors(PLACED, testQuote())).toEqual({ fields: {}, form: null });
    expect(pastedBookingErrors({ ...PLACED, passengerName: ' ' }, testQuote()).fields).toEqual({
      passengerName: 'Enter the passenger name: the pasted booking has none',
    });
    expect(pastedBookingErrors({ ...PLACED, dropoffLat: null }, null)).toEqual({
      fields: { dropoffLocation: UNPRICED_DROPOFF_MESSAGE },
      form: null,
    });
    expect(pastedBookingErrors({ ...PLACED, pickupLng: null }, null).fields).toEqual({
      pickupLocation: UNPRICED_PICKUP_MESSAGE,
    });
    // Both places chosen, the quote not in yet (or $0): the form says to wait for it.
    expect(pastedBookingErrors(PLACED, null).form).toBe(
      'The fare is not priced yet: wait for the route quote, then save',
    );
    expect(pastedBookingErrors(PLACED, testQuote({ roundedFare: 0 })).form).not.toBeNull();
  });
});
