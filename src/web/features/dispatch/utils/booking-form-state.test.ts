import { describe, expect, it } from 'vitest';
import {
  bookingToFormValues,
  changedBookingFields,
  changesWhatTheFormShows,
  draftToFormValues,
  emptyBookingForm,
  fareError,
  isPricedOnSave,
  newStop,
  nextStopId,
  shuttleRunSummary,
  toCreateBookingInput,
  type BookingFormValues,
} from './booking-form-state';
import { defaultPickupPassesAt, nextDefaultPickup } from '../hooks/use-default-pickup';
import { testBooking } from '../../../test/booking-fixtures';
import type { Booking } from '../../../../domain/bookings/api';

const booking = testBooking();

function filledForm(overrides: Partial<BookingFormValues> = {}): BookingFormValues {
  return {
    ...emptyBookingForm(new Date('2030-01-15T00:00:00Z')),
    pickupLocation: ' Perth Airport T1 ',
    pickupLat: -31.94,
    pickupLng: 115.97,
    dropoffLocation: 'Fremantle',
    pickupTime: '2030-01-15 09:30:00',
    ...overrides,
  };
}
describe('the New Booking form', () => {
  it('opens with 1 passenger, 0 suitcases, Standard HUG and no stops', () => {
    const form = emptyBookingForm(new Date('2030-01-15T01:31:10Z'));
    expect(form).toMatchObject({
      numPassengers: 1,
      numSuitcases: 0,
      vehicleType: 'Standard HUG',
      isShuttle: false,
      stops: [],
      customerId: null,
    });
  });
  it('numbers stops stop-1, stop-2... and never reuses a number still in the list', () => {
    expect(nextStopId([])).toBe('stop-1');
    expect(nextStopId([{ id: 'stop-1' }, { id: 'stop-3' }])).toBe('stop-4');
    expect(newStop([{ id: 'stop-1' }])).toEqual({
      id: 'stop-2',
      location: '',
      lat: null,
      lng: null,
      passengers: 1,
      type: 'pickup',
      status: 'pending',
    });
  });

  it('sums the main passengers and every stop, and counts the stops plus one', () => {
    expect(shuttleRunSummary(2, [{ passengers: 3 }, { passengers: 1 }])).toEqual({
      totalPassengers: 6,
      numberOfStops: 3,
    });
    expect(shuttleRunSummary(1, [])).toEqual({ totalPassengers: 1, numberOfStops: 1 });
  });

  it('sends trimmed places, the Perth time as an instant, coordinates and the route', () => {
    const input = toCreateBookingInput(filledForm({ customerId: 'c1' }), {
      distanceMeters: 12_345.6,
      durationSeconds: 900.2,
    });
    expect(input).toEqual({
      pickupLocation: 'Perth Airport T1',
      dropoffLocation: 'Fremantle',
      pickupTime: '2030-01-15T01:30:00.000Z',
      numPassengers: 1,
      numSuitcases: 0,
      notes: '',
      passengerName: '',
      phone: '',
      vehicleType: 'Standard HUG',
      wheelchairPassengers: 0,
      childSeats: 0,
      assistanceNeeds: '',
      customerId: 'c1',
      pickupLat: -31.94,
      pickupLng: 115.97,
      distanceMeters: 12_346,
      durationSeconds: 900,
    });
  });

  it('sends the stops in list order in shuttle mode only', () => {
    const stops = [
      { ...newStop([]), id: 'stop-2', location: 'B', passengers: 2 },
      { ...newStop([]), id: 'stop-1', location: 'A', type: 'dropoff' as const, lat: 1, lng: 2 },
    ];
    expect(toCreateBookingInput(filledForm({ isShuttle: true, stops })).stops).toEqual([
      { location: 'B', passengers: 2, type: 'pickup' },
      { location: 'A', passengers: 1, type: 'dropoff', lat: 1, lng: 2 },
    ]);
    expect(toCreateBookingInput(filledForm({ isShuttle: false, stops })).stops).toBeUndefined();
  });

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

  it('has no fare for a new booking, and refuses an empty or out-of-range fare naming it', () => {
    expect(emptyBookingForm(new Date()).fareAmount).toBeNull();
    expect(fareError(null)).toBeNull();
    expect(fareError(0)).toBeNull();
    expect(fareError(100_000)).toBeNull();
    expect(fareError('')).toBe('Enter the fare');
    expect(fareError('12.')).toBe('Enter a fare from $0.00 to $100,000.00');
    expect(fareError(100_000.01)).toBe('Enter a fare from $0.00 to $100,000.00');
    expect(fareError(-1)).toBe('Enter a fare from $0.00 to $100,000.00');
  });

  it('turns a draft with stops into a shuttle form', () => {
    const values = draftToFormValues(
      {
        pickupLocation: 'Hotel',
        pickupTime: '2030-01-15T01:30:00.000Z',
        stops: [
          { location: 'A', passengers: 1, type: 'pickup' },
          { location: 'B', passengers: 2, type: 'dropoff' },
        ],
      },
      new Date('2030-01-14T00:00:00Z'),
    );
    expect(values.isShuttle).toBe(true);
    expect(values.pickupTime).toBe('2030-01-15 09:30:00');
    expect(values.stops.map((stop) => stop.id)).toEqual(['stop-1', 'stop-2']);
  });

  it('fills a draft without places (an account code) into the form as it is', () => {
    const current = filledForm({ passengerName: 'Ann' });
    const values = draftToFormValues({ accountCode: 'ACME' }, new Date(), current);
    expect(values).toEqual({ ...current, accountCode: 'ACME' });
  });

  it('takes a pasted pickup time as the dispatcher’s, and keeps the default one without', () => {
    const now = new Date('2030-01-15T01:01:00Z');
    const timed = draftToFormValues(
      { pickupLocation: 'Hotel', pickupTime: '2030-01-15T03:00:00.000Z' },
      now,
    );
    expect(timed).toMatchObject({ pickupTime: '2030-01-15 11:00:00', isPickupTimeSet: true });
    expect(defaultPickupPassesAt(timed)).toBeNull();
    const untimed = draftToFormValues({ pickupLocation: 'Hotel' }, now);
    expect(untimed).toMatchObject({ pickupTime: '2030-01-15 09:05:00', isPickupTimeSet: false });
  });

  it('carries Paste Booking’s notes into a new booking; an account code leaves them', () => {
    const pasted = draftToFormValues(
      {
        pickupLocation: 'Hotel',
        numPassengers: 7,
        fieldNotes: {
          numPassengers: 'The text asks for 9 passengers: 7 is the most a vehicle seats',
        },
      },
      new Date(),
      filledForm({ pasteNotes: { numSuitcases: 'an older paste' } }),
    );
    expect(pasted.pasteNotes).toEqual({
      numPassengers: 'The text asks for 9 passengers: 7 is the most a vehicle seats',
    });
    expect(draftToFormValues({ accountCode: 'ACME' }, new Date(), pasted).pasteNotes).toBe(
      pasted.pasteNotes,
    );
    expect(bookingToFormValues(booking).pasteNotes).toEqual({});
  });

  it('moves the default pickup on once it passes, never a set one or a saved booking’s', () => {
    const form = emptyBookingForm(new Date('2030-01-15T01:01:00Z'));
    const passesAt = defaultPickupPassesAt(form);
    expect(passesAt).toBe(Date.parse('2030-01-15T01:05:00Z'));
    // At the very step, now rounded up is the time that just passed: the next one follows.
    expect(nextDefaultPickup(passesAt!, new Date(passesAt!))).toBe('2030-01-15 09:10:00');
    expect(nextDefaultPickup(passesAt!, new Date('2030-01-15T01:17:30Z'))).toBe(
      '2030-01-15 09:20:00',
    );
    expect(defaultPickupPassesAt({ ...form, isPickupTimeSet: true })).toBeNull();
    expect(defaultPickupPassesAt(bookingToFormValues(booking))).toBeNull();
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
