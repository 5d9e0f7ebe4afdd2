import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS, quoteFare } from '../fares';
import { editedFieldsText } from './changes';
import { isChargedBooking, repricedFareCents, routePriceRefusal } from './booking-fare';
import { mostChildSeats } from './passenger-counts';

const booking = {
  reference: 'HFE926',
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

describe('Use route price: repricedFareCents with fareSetByHand false (decision 104)', () => {
  const handSet = { ...booking, fareSetByHand: true };

  it('prices a hand-set fare from the route again, though nothing priced changed', () => {
    expect(repricedFareCents(handSet, { fareSetByHand: false }, DEFAULT_TARIFFS)).toBe(
      priced(12_300, 1_200),
    );
    // With the same edit's new route, the new route's price.
    expect(
      repricedFareCents(
        handSet,
        { fareSetByHand: false, distanceMeters: 21_900, durationSeconds: 1_800 },
        DEFAULT_TARIFFS,
      ),
    ).toBe(priced(21_900, 1_800));
  });

  it('prices with the tariffs in force', () => {
    const dearer = {
      ...DEFAULT_TARIFFS,
      'Standard HUG': { ...DEFAULT_TARIFFS['Standard HUG'], baseCents: 2_500 },
    };
    // $38.03 + $20 base more: $58.03, rounded to $60 (it was $40).
    expect(repricedFareCents(handSet, { fareSetByHand: false }, dearer)).toBe(6_000);
  });

  it('prices nothing the route cannot price', () => {
    for (const status of ['en-route', 'completed', 'cancelled', 'no-show'] as const) {
      expect(
        repricedFareCents({ ...handSet, status }, { fareSetByHand: false }, DEFAULT_TARIFFS),
      ).toBeNull();
    }
    expect(
      repricedFareCents(
        { ...handSet, distanceMeters: null, durationSeconds: null },
        { fareSetByHand: false },
        DEFAULT_TARIFFS,
      ),
    ).toBeNull();
  });
});

describe('routePriceRefusal', () => {
  it('lets a charged booking not yet started, with a measured route, be priced', () => {
    expect(routePriceRefusal(booking)).toBeNull();
    expect(routePriceRefusal({ ...booking, status: 'assigned' })).toBeNull();
  });

  it('says why a closed, completed, started, uncharged or unmeasured booking is not', () => {
    expect(routePriceRefusal({ ...booking, status: 'cancelled' })).toBe(
      'Booking HFE926 is cancelled: only its notes can change. Book Again makes a new booking from it.',
    );
    expect(routePriceRefusal({ ...booking, status: 'completed' })).toBe(
      'Booking HFE926 is completed: its fare is what was charged and is not priced from the route again. Type the fare to correct it.',
    );
    expect(routePriceRefusal({ ...booking, status: 'on-board' })).toMatch(
      /^Booking HFE926 has started: /,
    );
    expect(routePriceRefusal({ ...booking, isCharged: false })).toMatch(
      /the run is charged on its first stop\.$/,
    );
    expect(routePriceRefusal({ ...booking, distanceMeters: null })).toBe(
      'Booking HFE926 has no measured route to price: choose its pickup and destination from the suggestions.',
    );
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

  it('says a fare given back to the route was priced from it, moved or not', () => {
    const backToRoute = { fareSetByHand: { from: true, to: false } };
    expect(editedFieldsText({ fareAmount: { from: 120, to: 40 }, ...backToRoute })).toBe(
      'fare (priced from the route)',
    );
    expect(editedFieldsText({ notes: {}, ...backToRoute })).toBe(
      'notes, fare (priced from the route)',
    );
    expect(editedFieldsText({ fareAmount: { from: 40, to: 120 } })).toBe('fare');
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
