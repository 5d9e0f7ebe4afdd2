import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../../domain/bookings/api';
import { testBooking } from '../../../test/booking-fixtures';
import {
  changedBookingFields,
  changesWhatTheFormShows,
  isPricedOnSave,
} from './booking-form-changes';
import { bookingToFormValues } from './booking-form-state';

const booking = testBooking();

describe('an edit of a saved booking', () => {
  it('sends no pickup time for a stored time with milliseconds the form does not show', () => {
    const online = testBooking({ pickupTime: '2030-01-15T01:30:00.123Z' });
    expect(changedBookingFields(bookingToFormValues(online), online)).toEqual({});
    const later = { ...bookingToFormValues(online), pickupTime: '2030-01-15 09:45:00' };
    expect(changedBookingFields(later, online)).toEqual({
      pickupTime: '2030-01-15T01:45:00.000Z',
    });
  });

  it('loads a saved booking for editing and sends back only what changed', () => {
    const values = bookingToFormValues(booking);
    expect(values.pickupTime).toBe('2030-01-15 09:30:00');
    expect(changedBookingFields(values, booking)).toEqual({});

    const edited = { ...values, numPassengers: 3, dropoffLocation: 'Cottesloe', dropoffLat: null };
    expect(
      changedBookingFields(edited, booking, { distanceMeters: 20_000, durationSeconds: 1_500 }),
    ).toEqual({
      numPassengers: 3,
      dropoffLocation: 'Cottesloe',
      distanceMeters: 20_000,
      durationSeconds: 1_500,
    });
  });

  it('sends the fare only when the dispatcher changed it (a fare sent is set by hand)', () => {
    const priced = testBooking({ fareAmount: 85.1 });
    const values = bookingToFormValues(priced);
    expect(values.fareAmount).toBe(85.1);
    expect(changedBookingFields({ ...values, fareAmount: 85.1 }, priced)).toEqual({});
    expect(changedBookingFields({ ...values, fareAmount: 120 }, priced)).toEqual({
      fareAmount: 120,
    });
    expect(changedBookingFields({ ...values, fareAmount: 0 }, priced)).toEqual({ fareAmount: 0 });
  });

  it('sends fareSetByHand false, and no fare, for Use route price on a hand-set fare (decision 104)', () => {
    const handSet = testBooking({ fareAmount: 120, fareSetByHand: true });
    const values = bookingToFormValues(handSet);
    expect(values.isFareFromRoute).toBe(false);
    expect(changedBookingFields({ ...values, isFareFromRoute: true }, handSet)).toEqual({
      fareSetByHand: false,
    });
    // The field's figure is not sent: the server prices the trip.
    expect(
      changedBookingFields({ ...values, fareAmount: 45, isFareFromRoute: true }, handSet),
    ).toEqual({ fareSetByHand: false });
    // A fare priced from the route already has nothing to give back.
    const priced = testBooking({ fareAmount: 45 });
    expect(
      changedBookingFields({ ...bookingToFormValues(priced), isFareFromRoute: true }, priced),
    ).toEqual({});
  });

  it('sends a fare typed back to its saved figure with other changes, so the route does not price over it', () => {
    const priced = testBooking({ fareAmount: 35 });
    const typedBack = { ...bookingToFormValues(priced), fareAmount: 35, isFareTyped: true };
    expect(changedBookingFields({ ...typedBack, vehicleType: 'Multivan 6' }, priced)).toEqual({
      vehicleType: 'Multivan 6',
      fareAmount: 35,
    });
    // Alone it changes nothing: there is nothing to save.
    expect(changedBookingFields(typedBack, priced)).toEqual({});
  });

  it("says when Save prices the fare from the route: the server's rule for the body sent", () => {
    const measured = { fareAmount: 35, distanceMeters: 12_345, durationSeconds: 1_490 };
    const priced = testBooking(measured);
    const multivan = { ...bookingToFormValues(priced), vehicleType: 'Multivan 6' as const };
    expect(isPricedOnSave(bookingToFormValues(priced), priced)).toBe(false);
    expect(isPricedOnSave(multivan, priced)).toBe(true);
    expect(isPricedOnSave({ ...multivan, childSeats: 1 }, priced)).toBe(true);
    // A pickup time being typed (none yet) does not stop the answer.
    expect(isPricedOnSave({ ...multivan, pickupTime: '' }, priced)).toBe(true);
    // A fare typed in the edit, or set by hand before (decision 94), is kept.
    expect(isPricedOnSave({ ...multivan, fareAmount: 40, isFareTyped: true }, priced)).toBe(false);
    const handSet = testBooking({ ...measured, fareSetByHand: true });
    expect(
      isPricedOnSave({ ...bookingToFormValues(handSet), vehicleType: 'Multivan 6' }, handSet),
    ).toBe(false);
    // A ride under way keeps the fare the passenger was told; no route, no price.
    const started = testBooking({ ...measured, status: 'on-board' });
    expect(
      isPricedOnSave({ ...bookingToFormValues(started), vehicleType: 'Multivan 6' }, started),
    ).toBe(false);
    const unmeasured = testBooking({ fareAmount: 35 });
    expect(
      isPricedOnSave({ ...bookingToFormValues(unmeasured), vehicleType: 'Multivan 6' }, unmeasured),
    ).toBe(false);
  });
});

describe('changesWhatTheFormShows', () => {
  const opened = testBooking();
  const later = { updatedAt: '2030-01-01T01:00:00.000Z' };

  it('is false for a driver given, and their Accept: the form shows neither', () => {
    const driver = { id: 'd1', firstName: 'Dan', lastName: 'Driver', phone: null, rating: null };
    const assigned = { ...opened, ...later, status: 'assigned' as const, driver };
    expect(changesWhatTheFormShows(opened, assigned)).toBe(false);
    expect(changesWhatTheFormShows(opened, { ...assigned, acknowledgedAt: later.updatedAt })).toBe(
      false,
    );
  });

  it('is true for a field, the fare set by hand, the route, or a journey started or closed', () => {
    const changes: Partial<Booking>[] = [
      { numPassengers: 3 },
      { pickupTime: '2030-01-15T02:00:00.000Z' },
      { fareAmount: 90, fareSetByHand: true },
      { distanceMeters: 12_000, durationSeconds: 900 },
      { status: 'en-route' },
      { status: 'cancelled' },
    ];
    for (const change of changes) {
      expect(changesWhatTheFormShows(opened, { ...opened, ...later, ...change })).toBe(true);
    }
  });
});
