import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS, quoteFare } from '../fares';
import { editedFieldsText } from './changes';
import { isChargedBooking, repricedFareCents } from './booking-fare';
import { mostChildSeats } from './passenger-counts';

const booking = {
  status: 'pending' as const,
  isCharged: true,
  distanceMeters: 12_300,
  durationSeconds: 1_200,
  vehicleType: 'Standard HUG' as const,
  childSeats: 0,
  fareSetByHand: false,
};
const priced = (distanceMeters: number, durationSeconds: number, childSeats = false) =>
  quoteFare(
    { distanceMeters, durationSeconds, vehicleType: 'Standard HUG', childSeats },
    DEFAULT_TARIFFS,
  ).roundedFareCents;

describe('repricedFareCents', () => {
  it('prices a new route, vehicle or child seat count as a new booking would be', () => {
    expect(
      repricedFareCents(
        booking,
        { distanceMeters: 21_900, durationSeconds: 1_800 },
        DEFAULT_TARIFFS,
      ),
    ).toBe(priced(21_900, 1_800));
    expect(repricedFareCents(booking, { childSeats: 1 }, DEFAULT_TARIFFS)).toBe(
      priced(12_300, 1_200, true),
    );
    expect(repricedFareCents(booking, { vehicleType: 'Imax 7' }, DEFAULT_TARIFFS)).toBe(
      quoteFare(
        { distanceMeters: 12_300, durationSeconds: 1_200, vehicleType: 'Imax 7' },
        DEFAULT_TARIFFS,
      ).roundedFareCents,
    );
  });

  it('keeps the fare when the edit sets it, changes nothing priced, or the ride has started', () => {
    expect(
      repricedFareCents(booking, { distanceMeters: 21_900, fareAmount: 45 }, DEFAULT_TARIFFS),
    ).toBeNull();
    expect(repricedFareCents(booking, { distanceMeters: 12_300 }, DEFAULT_TARIFFS)).toBeNull();
    expect(repricedFareCents(booking, {}, DEFAULT_TARIFFS)).toBeNull();
    for (const status of ['en-route', 'arrived', 'on-board', 'completed', 'cancelled'] as const) {
      expect(
        repricedFareCents({ ...booking, status }, { distanceMeters: 21_900 }, DEFAULT_TARIFFS),
      ).toBeNull();
    }
  });

  it('keeps a fare an earlier edit set by hand when the route changes (decision 94)', () => {
    expect(
      repricedFareCents(
        { ...booking, fareSetByHand: true },
        { distanceMeters: 21_900, durationSeconds: 1_800 },
        DEFAULT_TARIFFS,
      ),
    ).toBeNull();
  });

  it('leaves an uncharged shuttle stop and a booking without a measured route alone', () => {
    expect(
      repricedFareCents({ ...booking, isCharged: false }, { childSeats: 1 }, DEFAULT_TARIFFS),
    ).toBeNull();
    expect(
      repricedFareCents(
        { ...booking, distanceMeters: null, durationSeconds: null },
        { vehicleType: 'Imax 7' },
        DEFAULT_TARIFFS,
      ),
    ).toBeNull();
  });
});

describe('editedFieldsText', () => {
  it('names each edited field once, the map positions with their address', () => {
    expect(
      editedFieldsText({
        dropoffLat: {},
        dropoffLng: {},
        pickupTime: {},
        numPassengers: {},
        distanceMeters: {},
        dropoffLocation: {},
        durationSeconds: {},
        fareAmount: {},
      }),
    ).toBe('destination, pickup time, passengers, route, fare');
    expect(editedFieldsText({ somethingNew: {} })).toBe('somethingNew');
  });
});

describe('isChargedBooking and mostChildSeats', () => {
  it('charges every booking but the stops after a shuttle run’s main pickup', () => {
    expect(isChargedBooking(null)).toBe(true);
    expect(isChargedBooking(0)).toBe(true);
    expect(isChargedBooking(2)).toBe(false);
  });

  it('takes a child seat a passenger, up to the cap of 4', () => {
    expect(mostChildSeats(1)).toBe(1);
    expect(mostChildSeats(3)).toBe(3);
    expect(mostChildSeats(7)).toBe(4);
  });
});
