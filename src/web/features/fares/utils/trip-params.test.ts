import { describe, expect, it } from 'vitest';
import { MAX_SUITCASES } from '../../../../domain/bookings/limits';
import { DEFAULT_TRIP_OPTIONS, MAX_PASSENGERS, MIN_PASSENGERS } from './trip-options';
import {
  buildBookNowHref,
  parseTripSearchParams,
  toTripSearchParams,
  type TripLink,
} from './trip-params';

const TRIP: TripLink = {
  pickup: { address: 'Perth Airport T1', lat: -31.9385, lng: 115.9672 },
  dropoff: { address: 'Fremantle WA 6160', lat: -32.0569, lng: 115.7439 },
  stops: [{ address: 'Perth WA 6000', lat: -31.9523, lng: 115.8613 }],
  options: {
    ...DEFAULT_TRIP_OPTIONS,
    passengers: 5,
    largeSuitcases: 2,
    mediumSuitcases: 1,
    vehicleType: 'Imax 7',
    childSeats: true,
    excessLuggage: true,
    assistanceAnimal: true,
  },
  route: { distanceMeters: 25_400.4, durationSeconds: 1_800 },
};

describe('Book Now link', () => {
  it('names every part of the quote', () => {
    const params = toTripSearchParams(TRIP);
    expect(Object.fromEntries(params)).toEqual({
      pickup: 'Perth Airport T1',
      pickupLat: '-31.9385',
      pickupLng: '115.9672',
      dropoff: 'Fremantle WA 6160',
      dropoffLat: '-32.0569',
      dropoffLng: '115.7439',
      stops: JSON.stringify([{ address: 'Perth WA 6000', lat: -31.9523, lng: 115.8613 }]),
      vehicle: 'Imax 7',
      passengers: '5',
      large: '2',
      medium: '1',
      childSeats: '1',
      excessLuggage: '1',
      assistanceAnimal: '1',
      distanceMeters: '25400',
      durationSeconds: '1800',
    });
  });

  it('reads back what it wrote', () => {
    const parsed = parseTripSearchParams(toTripSearchParams(TRIP));
    expect(parsed).toEqual({ ...TRIP, route: { distanceMeters: 25_400, durationSeconds: 1_800 } });
  });

  it('falls back to defaults for a hand-edited or partial link', () => {
    const parsed = parseTripSearchParams(
      new URLSearchParams({
        pickup: '  ',
        dropoff: 'Fremantle',
        dropoffLat: 'north',
        passengers: 'two',
        large: '1.5',
        vehicle: 'Limousine',
        stops: '{not json',
        distanceMeters: '1000',
      }),
    );
    expect(parsed).toEqual({
      pickup: null,
      dropoff: { address: 'Fremantle' },
      stops: [],
      options: DEFAULT_TRIP_OPTIONS,
      route: null,
    });
  });

  // The calculator took 25 suitcases, and /book booked none: a count past
  // its limits is read as the nearest one a booking takes.
  it('reads a count past its limits as the limit, not as none', () => {
    const parsed = parseTripSearchParams(
      new URLSearchParams({ passengers: '12', large: '25', medium: '-1' }),
    );
    expect(parsed.options).toMatchObject({
      passengers: MAX_PASSENGERS,
      largeSuitcases: MAX_SUITCASES,
      mediumSuitcases: 0,
    });
    expect(parseTripSearchParams(new URLSearchParams({ passengers: '0' })).options.passengers).toBe(
      MIN_PASSENGERS,
    );
  });

  it('auto-selects the vehicle when the link names none', () => {
    const parsed = parseTripSearchParams(new URLSearchParams({ passengers: '6' }));
    expect(parsed.options.vehicleType).toBe('Multivan 6');
  });

  it('keeps /book a path and makes it absolute when asked', () => {
    const origin = 'https://rides.example.com.au';
    expect(buildBookNowHref('/book', TRIP, { origin })).toMatch(/^\/book\?pickup=Perth\+Airport/);
    expect(buildBookNowHref('/book', TRIP, { origin, absolute: true })).toMatch(
      /^https:\/\/rides\.example\.com\.au\/book\?pickup=/,
    );
  });

  it('adds the quote to an external page, keeping its own query', () => {
    const href = new URL(
      buildBookNowHref('https://book.example.com/ride?src=calc', TRIP, { origin: 'http://x' }),
    );
    expect(href.origin).toBe('https://book.example.com');
    expect(href.searchParams.get('src')).toBe('calc');
    expect(href.searchParams.get('vehicle')).toBe('Imax 7');
  });
});

describe('place proofs in the Book Now link (decision 210)', () => {
  it('carries each place proof there and back, and leaves out one that is no proof', () => {
    const proven: TripLink = {
      ...TRIP,
      pickup: { ...TRIP.pickup, proof: 'Abc_123-xyzABC_123-xyz' },
      dropoff: { ...TRIP.dropoff, proof: 'Def_456-uvwDEF_456-uvw' },
      stops: [{ ...TRIP.stops[0]!, proof: 'Ghi_789-rstGHI_789-rst' }],
    };
    const params = toTripSearchParams(proven);
    expect(params.get('pickupProof')).toBe('Abc_123-xyzABC_123-xyz');
    const parsed = parseTripSearchParams(params);
    expect(parsed.pickup).toEqual(proven.pickup);
    expect(parsed.dropoff).toEqual(proven.dropoff);
    expect(parsed.stops).toEqual(proven.stops);

    params.set('pickupProof', '<script>');
    expect(parseTripSearchParams(params).pickup).toEqual(TRIP.pickup);
  });
});
