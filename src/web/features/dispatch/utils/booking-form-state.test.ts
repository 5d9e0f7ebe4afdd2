import { describe, expect, it } from 'vitest';
import {
  bookingToFormValues,
  draftToFormValues,
  emptyBookingForm,
  fareError,
  newStop,
  nextStopId,
  shuttleRunSummary,
  toCreateBookingInput,
  withChosenCustomer,
  withTypedPhone,
  type BookingFormValues,
} from './booking-form-state';
import { defaultPickupPassesAt, nextDefaultPickup } from '../hooks/use-default-pickup';
import { testBooking } from '../../../test/booking-fixtures';

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

describe('a customer chosen from the phone lookup', () => {
  const MIA = {
    id: 'c1',
    firstName: 'Mia',
    lastName: 'Tran',
    phone: '+61412345678',
    email: null,
    preferredVehicleType: 'Multivan 6',
  };
  const NED = { ...MIA, id: 'c2', firstName: 'Ned', preferredVehicleType: null };
  const chosen = (values: BookingFormValues, customer: typeof MIA) => ({
    ...values,
    ...withChosenCustomer(values, customer),
  });

  it('fills the name and phone, links the customer and takes their preferred vehicle', () => {
    expect(withChosenCustomer(filledForm(), MIA)).toEqual({
      passengerName: 'Mia Tran',
      phone: '0412 345 678',
      customerId: 'c1',
      vehicleType: 'Multivan 6',
      vehicleTypeFrom: 'customer',
    });
  });

  it('never replaces a vehicle the dispatcher chose, nor a saved booking’s', () => {
    const byHand = filledForm({ vehicleType: 'Imax 7', vehicleTypeFrom: 'dispatcher' });
    expect(withChosenCustomer(byHand, MIA)).not.toHaveProperty('vehicleType');
    const standardByHand = filledForm({ vehicleTypeFrom: 'dispatcher' });
    expect(withChosenCustomer(standardByHand, MIA)).not.toHaveProperty('vehicleType');
    expect(bookingToFormValues(booking).vehicleTypeFrom).toBe('dispatcher');
  });

  it('takes the preference with them when another customer or a typed phone replaces them', () => {
    const withMia = chosen(filledForm(), MIA);
    expect(withChosenCustomer(withMia, NED)).toMatchObject({
      customerId: 'c2',
      vehicleType: 'Standard HUG',
      vehicleTypeFrom: 'default',
    });
    expect(withTypedPhone(withMia, '0412 345 67')).toEqual({
      phone: '0412 345 67',
      customerId: null,
      vehicleType: 'Standard HUG',
      vehicleTypeFrom: 'default',
    });
    // Nothing else moves for a phone typed with no customer linked.
    expect(withTypedPhone(filledForm(), '04')).toEqual({ phone: '04', customerId: null });
  });

  it('ignores a preferred vehicle the business no longer runs', () => {
    expect(
      withChosenCustomer(filledForm(), { ...MIA, preferredVehicleType: 'Limousine' }),
    ).not.toHaveProperty('vehicleType');
  });
});
