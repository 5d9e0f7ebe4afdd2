import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VEHICLE_TYPES } from '../vehicles/vehicle-types';
import {
  QuoteInputSchema,
  QuoteResponseSchema,
  quoteFare,
  roundUpToFareStep,
  toQuoteResponse,
  type QuoteInput,
} from './quote-fare';
import { DEFAULT_TARIFFS, type Tariff, type TariffTable } from './tariffs';

const MINUTE = 60;

describe('quoteFare worked examples', () => {
  it('prices Standard HUG, 12.3 km, 20 min, no child seats at $38.03, rounded to $40', () => {
    // Distance: 10,000 m x 190 c/km + 2,300 m x 175 c/km
    //   = 1,900,000 + 402,500 = 2,302,500 thousandths of a cent = 2302.5 c -> 2303 c.
    // Time: 20 x 50 c = 1000 c. Base 500 c.
    // Calculated 500 + 2303 + 1000 = 3803 c ($38.03), above the $30 minimum.
    // Rounded up to a multiple of $5: $40.
    // Estimate: 12,300 m x 190 c/km = 2337 c, + 1000 c = 3337 c -> $35.
    expect(
      quoteFare({
        distanceMeters: 12_300,
        durationSeconds: 20 * MINUTE,
        vehicleType: 'Standard HUG',
      }),
    ).toEqual({
      vehicleType: 'Standard HUG',
      distanceKm: 12.3,
      durationMinutes: 20,
      baseRateCents: 500,
      distanceCostCents: 2303,
      timeCostCents: 1000,
      childSeatFeeCents: 0,
      calculatedFareCents: 3803,
      roundedFareCents: 4000,
      minimumFareCents: 3000,
      minimumApplied: false,
      estimate: { fareCents: 3337, roundedFareCents: 3500 },
    });
  });

  it('prices Multivan 6, 25 km, 35 min, with a child seat at $113.50, rounded to $115', () => {
    // Distance: 10,000 m x 300 + 5,000 m x 280 + 10,000 m x 265
    //   = 3,000,000 + 1,400,000 + 2,650,000 = 7,050,000 thousandths = 7050 c.
    // Time: 35 x 80 c = 2800 c. Base 1000 c. Child seat 500 c.
    // Calculated 1000 + 7050 + 2800 + 500 = 11350 c ($113.50) -> rounded $115.
    // Estimate: 25,000 m x 300 c/km = 7500 c, + 2800 c = 10300 c -> $105.
    expect(
      quoteFare({
        distanceMeters: 25_000,
        durationSeconds: 35 * MINUTE,
        vehicleType: 'Multivan 6',
        childSeats: true,
      }),
    ).toEqual({
      vehicleType: 'Multivan 6',
      distanceKm: 25,
      durationMinutes: 35,
      baseRateCents: 1000,
      distanceCostCents: 7050,
      timeCostCents: 2800,
      childSeatFeeCents: 500,
      calculatedFareCents: 11350,
      roundedFareCents: 11500,
      minimumFareCents: 5000,
      minimumApplied: false,
      estimate: { fareCents: 10300, roundedFareCents: 10500 },
    });
  });

  it('raises the fare to the minimum of 30 for a short Standard HUG trip', () => {
    // 2 km, 5 min: 500 + 2,000 m x 190 c/km (380 c) + 5 x 50 c (250 c) = 1130 c.
    // Below the $30 minimum, so the fare is $30, already a multiple of $5.
    // Estimate: 380 + 250 = 630 c, also raised to $30.
    const quote = quoteFare({
      distanceMeters: 2_000,
      durationSeconds: 5 * MINUTE,
      vehicleType: 'Standard HUG',
    });
    expect(quote).toMatchObject({
      distanceCostCents: 380,
      timeCostCents: 250,
      calculatedFareCents: 3000,
      roundedFareCents: 3000,
      minimumApplied: true,
      estimate: { fareCents: 3000, roundedFareCents: 3000 },
    });
  });
});

describe('quoteFare distance tiers', () => {
  // Whole dollars per km make one metre worth a whole number of cents per tier,
  // so a metre either side of a boundary shows which rate it was charged at.
  const ONE_TWO_THREE: Tariff = {
    baseCents: 0,
    firstTierCentsPerKm: 1000,
    secondTierCentsPerKm: 2000,
    thirdTierCentsPerKm: 3000,
    perMinuteCents: 0,
    minimumCents: 0,
    childSeatFeeCents: 0,
  };
  const TIER_TEST_TARIFFS: TariffTable = {
    'Standard HUG': ONE_TWO_THREE,
    'Multivan 6': ONE_TWO_THREE,
  };
  const distanceCost = (distanceMeters: number, tariffs = TIER_TEST_TARIFFS) =>
    quoteFare({ distanceMeters, durationSeconds: 0, vehicleType: 'Standard HUG' }, tariffs)
      .distanceCostCents;

  it('charges the first rate for every metre up to 10 km', () => {
    expect(distanceCost(9_999)).toBe(9_999);
    expect(distanceCost(10_000)).toBe(10_000);
  });

  it('charges the second rate only for the metres past 10 km', () => {
    expect(distanceCost(10_001)).toBe(10_000 + 2);
  });

  it('charges the second rate for every metre from 10 km up to 15 km', () => {
    expect(distanceCost(14_999)).toBe(10_000 + 4_999 * 2);
    expect(distanceCost(15_000)).toBe(10_000 + 5_000 * 2);
  });

  it('charges the third rate only for the metres past 15 km', () => {
    expect(distanceCost(15_001)).toBe(20_000 + 3);
  });

  it('charges Standard HUG $19 for 10 km and $27.75 for 15 km', () => {
    // 10 x 1.90 = 19.00; 19.00 + 5 x 1.75 = 27.75.
    expect(distanceCost(10_000, DEFAULT_TARIFFS)).toBe(1900);
    expect(distanceCost(15_000, DEFAULT_TARIFFS)).toBe(2775);
  });

  it('charges Standard HUG to the nearest cent a metre either side of each boundary', () => {
    // 9,999 x 190 = 1,899,810 -> 1899.81 c -> 1900 c.
    // 10,001: 1,900,000 + 175 = 1,900,175 -> 1900 c.
    // 14,999: 1,900,000 + 4,999 x 175 = 2,774,825 -> 2775 c.
    // 15,001: 1,900,000 + 875,000 + 165 = 2,775,165 -> 2775 c.
    expect(distanceCost(9_999, DEFAULT_TARIFFS)).toBe(1900);
    expect(distanceCost(10_001, DEFAULT_TARIFFS)).toBe(1900);
    expect(distanceCost(14_999, DEFAULT_TARIFFS)).toBe(2775);
    expect(distanceCost(15_001, DEFAULT_TARIFFS)).toBe(2775);
  });

  it('charges Multivan 6 $30 for 10 km and $44 for 15 km', () => {
    // 10 x 3.00 = 30.00; 30.00 + 5 x 2.80 = 44.00.
    const multivan = (distanceMeters: number) =>
      quoteFare({ distanceMeters, durationSeconds: 0, vehicleType: 'Multivan 6' })
        .distanceCostCents;
    expect(multivan(10_000)).toBe(3000);
    expect(multivan(15_000)).toBe(4400);
  });
});

describe('quoteFare cents that binary floating point gets wrong', () => {
  it('charges 10.7 km in a Standard HUG $20.23, rounding the half cent up', () => {
    // 1,900,000 + 700 x 175 = 2,022,500 thousandths = 2022.5 c -> 2023 c.
    // In floats, (10.7 - 10) x 1.75 is 1.2249999..., so the naive sum rounds to 2022.
    const km = 10_700 / 1000;
    expect(Math.round((10 * 1.9 + (km - 10) * 1.75) * 100)).toBe(2022);
    expect(
      quoteFare({ distanceMeters: 10_700, durationSeconds: 0, vehicleType: 'Standard HUG' })
        .distanceCostCents,
    ).toBe(2023);
  });

  it('charges 15.7 km in a Standard HUG $28.91, rounding the half cent up', () => {
    // 1,900,000 + 875,000 + 700 x 165 = 2,890,500 thousandths = 2890.5 c -> 2891 c.
    const km = 15_700 / 1000;
    expect(Math.round((10 * 1.9 + 5 * 1.75 + (km - 15) * 1.65) * 100)).toBe(2890);
    expect(
      quoteFare({ distanceMeters: 15_700, durationSeconds: 0, vehicleType: 'Standard HUG' })
        .distanceCostCents,
    ).toBe(2891);
  });

  it('charges 150 m at the flat Standard HUG rate 29 cents, not 28', () => {
    // 150 x 190 = 28,500 thousandths = 28.5 c -> 29 c; 0.15 x 1.9 x 100 is 28.4999...
    expect(Math.round(0.15 * 1.9 * 100)).toBe(28);
    const quote = quoteFare({
      distanceMeters: 150,
      durationSeconds: 0,
      vehicleType: 'Standard HUG',
    });
    expect(quote.distanceCostCents).toBe(29);
  });

  it('keeps a Multivan 6 fare of exactly $60 at $60 instead of pushing it to $65', () => {
    // 1.2 km, 58 min: 1000 + 1,200 m x 300 c/km (360 c) + 58 x 80 c (4640 c) = 6000 c.
    // In floats 10 + 1.2 x 3 + 58 x 0.8 is 60.00000000000001, which rounds up to 65.
    expect(Math.ceil((10 + 1.2 * 3 + 58 * 0.8) / 5) * 5).toBe(65);
    const quote = quoteFare({
      distanceMeters: 1_200,
      durationSeconds: 58 * MINUTE,
      vehicleType: 'Multivan 6',
    });
    expect(quote.calculatedFareCents).toBe(6000);
    expect(quote.roundedFareCents).toBe(6000);
  });

  it('keeps a Standard HUG fare of exactly $35 at $35', () => {
    // 10 km, 22 min: 500 + 1900 + 22 x 50 (1100) = 3500 c.
    const quote = quoteFare({
      distanceMeters: 10_000,
      durationSeconds: 22 * MINUTE,
      vehicleType: 'Standard HUG',
    });
    expect(quote.calculatedFareCents).toBe(3500);
    expect(quote.roundedFareCents).toBe(3500);
  });
});

describe('quoteFare duration', () => {
  const timing = (durationSeconds: number) => {
    const quote = quoteFare({ distanceMeters: 0, durationSeconds, vehicleType: 'Standard HUG' });
    return [quote.durationMinutes, quote.timeCostCents];
  };

  it('charges nothing for a duration of 0 seconds', () => {
    expect(timing(0)).toEqual([0, 0]);
  });

  it('charges a whole minute for 1 second', () => {
    expect(timing(1)).toEqual([1, 50]);
  });

  it('charges one minute for 59 and for 60 seconds', () => {
    expect(timing(59)).toEqual([1, 50]);
    expect(timing(60)).toEqual([1, 50]);
  });

  it('charges two minutes for 61 seconds', () => {
    expect(timing(61)).toEqual([2, 100]);
  });

  it('charges Multivan 6 80 cents a minute', () => {
    expect(
      quoteFare({ distanceMeters: 0, durationSeconds: 61, vehicleType: 'Multivan 6' })
        .timeCostCents,
    ).toBe(160);
  });
});

describe('quoteFare minimum fare', () => {
  it('raises the fare to the minimum of 50 for a short Multivan 6 trip', () => {
    // 1000 + 1,000 m x 300 (300 c) + 2 x 80 (160 c) = 1460 c -> 5000 c.
    const quote = quoteFare({
      distanceMeters: 1_000,
      durationSeconds: 2 * MINUTE,
      vehicleType: 'Multivan 6',
    });
    expect(quote.calculatedFareCents).toBe(5000);
    expect(quote.roundedFareCents).toBe(5000);
    expect(quote.minimumApplied).toBe(true);
    expect(quote.minimumFareCents).toBe(5000);
  });

  it('does not count the minimum as applied when the fare is exactly the minimum', () => {
    // 10 km, 12 min: 500 + 1900 + 600 = 3000 c.
    const quote = quoteFare({
      distanceMeters: 10_000,
      durationSeconds: 12 * MINUTE,
      vehicleType: 'Standard HUG',
    });
    expect(quote.calculatedFareCents).toBe(3000);
    expect(quote.minimumApplied).toBe(false);
  });

  it('raises a zero-length trip to the minimum', () => {
    const quote = quoteFare({ distanceMeters: 0, durationSeconds: 0, vehicleType: 'Standard HUG' });
    expect(quote.calculatedFareCents).toBe(3000);
    expect(quote.estimate).toEqual({ fareCents: 3000, roundedFareCents: 3000 });
  });
});

describe('quoteFare child seats', () => {
  it('adds the $5 child seat fee to a fare above the minimum', () => {
    // 20 km, 20 min: distance 1900 + 875 + 5,000 m x 165 (825) = 3600 c;
    // 500 + 3600 + 1000 = 5100 c -> $55; with the seat 5600 c -> $60.
    const trip = {
      distanceMeters: 20_000,
      durationSeconds: 20 * MINUTE,
      vehicleType: 'Standard HUG',
    } as const;
    const without = quoteFare(trip);
    const withSeat = quoteFare({ ...trip, childSeats: true });
    expect([without.calculatedFareCents, without.roundedFareCents]).toEqual([5100, 5500]);
    expect([withSeat.calculatedFareCents, withSeat.roundedFareCents]).toEqual([5600, 6000]);
    expect(withSeat.childSeatFeeCents).toBe(500);
  });

  it('adds the seat fee before the minimum, so a short trip still costs the minimum', () => {
    // 2 km, 5 min: 1130 c + 500 c seat = 1630 c -> raised to 3000 c.
    const quote = quoteFare({
      distanceMeters: 2_000,
      durationSeconds: 5 * MINUTE,
      vehicleType: 'Standard HUG',
      childSeats: true,
    });
    expect(quote.childSeatFeeCents).toBe(500);
    expect(quote.calculatedFareCents).toBe(3000);
    expect(quote.minimumApplied).toBe(true);
  });

  it('lifts a fare just under the minimum above it', () => {
    // 10 km, 10 min: 500 + 1900 + 500 = 2900 c (minimum applies);
    // with the seat 3400 c, no minimum, rounded to $35.
    const trip = {
      distanceMeters: 10_000,
      durationSeconds: 10 * MINUTE,
      vehicleType: 'Standard HUG',
    } as const;
    expect(quoteFare(trip).minimumApplied).toBe(true);
    const withSeat = quoteFare({ ...trip, childSeats: true });
    expect(withSeat.calculatedFareCents).toBe(3400);
    expect(withSeat.minimumApplied).toBe(false);
    expect(withSeat.roundedFareCents).toBe(3500);
  });

  it('leaves the Fare Estimate without the child seat fee', () => {
    const trip = {
      distanceMeters: 20_000,
      durationSeconds: 20 * MINUTE,
      vehicleType: 'Standard HUG',
    } as const;
    expect(quoteFare({ ...trip, childSeats: true }).estimate).toEqual(quoteFare(trip).estimate);
  });
});

describe('quoteFare vehicles and tariffs', () => {
  it('prices Imax 7 as Multivan 6', () => {
    const trip = { distanceMeters: 25_000, durationSeconds: 35 * MINUTE, childSeats: true };
    const imax = quoteFare({ ...trip, vehicleType: 'Imax 7' });
    const multivan = quoteFare({ ...trip, vehicleType: 'Multivan 6' });
    expect(imax).toEqual({ ...multivan, vehicleType: 'Imax 7' });
  });

  it('prices from an admin-edited tariff table', () => {
    const tariffs: TariffTable = {
      ...DEFAULT_TARIFFS,
      'Standard HUG': { ...DEFAULT_TARIFFS['Standard HUG'], baseCents: 700, minimumCents: 4000 },
    };
    // 700 + 2303 + 1000 = 4003 c -> $45.
    const quote = quoteFare(
      { distanceMeters: 12_300, durationSeconds: 20 * MINUTE, vehicleType: 'Standard HUG' },
      tariffs,
    );
    expect(quote.calculatedFareCents).toBe(4003);
    expect(quote.roundedFareCents).toBe(4500);
    expect(quote.minimumFareCents).toBe(4000);
  });

  it('charges the Fare Estimate a flat first-tier rate with no tiers and no base', () => {
    // 40 km x 190 c/km = 7600 c, 0 min -> $76 -> $80.
    const quote = quoteFare({
      distanceMeters: 40_000,
      durationSeconds: 0,
      vehicleType: 'Standard HUG',
    });
    expect(quote.estimate).toEqual({ fareCents: 7600, roundedFareCents: 8000 });
  });
});

describe('quoteFare inputs', () => {
  it('rounds the distance to the nearest whole metre before pricing', () => {
    const at = (distanceMeters: number) =>
      quoteFare({ distanceMeters, durationSeconds: 0, vehicleType: 'Standard HUG' });
    expect(at(12_299.6)).toEqual(at(12_300));
    expect(at(12_300.4)).toEqual(at(12_300));
  });

  it('reports the distance in km unrounded', () => {
    expect(
      quoteFare({ distanceMeters: 12_345, durationSeconds: 0, vehicleType: 'Standard HUG' })
        .distanceKm,
    ).toBe(12.345);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects a distance of %s',
    (distanceMeters) => {
      expect(() =>
        quoteFare({ distanceMeters, durationSeconds: 0, vehicleType: 'Standard HUG' }),
      ).toThrow(RangeError);
    },
  );

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])(
    'rejects a duration of %s',
    (durationSeconds) => {
      expect(() =>
        quoteFare({ distanceMeters: 0, durationSeconds, vehicleType: 'Standard HUG' }),
      ).toThrow(RangeError);
    },
  );

  it('refuses a distance too large to price to the cent', () => {
    expect(() =>
      quoteFare({ distanceMeters: 1e20, durationSeconds: 0, vehicleType: 'Standard HUG' }),
    ).toThrow(RangeError);
  });
});

describe('roundUpToFareStep', () => {
  it('rounds up to the next multiple of $5 and keeps an exact multiple', () => {
    expect(roundUpToFareStep(3001)).toBe(3500);
    expect(roundUpToFareStep(3499)).toBe(3500);
    expect(roundUpToFareStep(3500)).toBe(3500);
    expect(roundUpToFareStep(0)).toBe(0);
  });
});

describe('QuoteInputSchema', () => {
  const valid = { distanceMeters: 12_300, durationSeconds: 1200, vehicleType: 'Standard HUG' };

  it('treats a missing child seat option as no child seats', () => {
    expect(QuoteInputSchema.parse(valid).childSeats).toBe(false);
  });

  it('accepts 0 and the maxima of 2000 km and 48 hours', () => {
    expect(
      QuoteInputSchema.safeParse({ ...valid, distanceMeters: 0, durationSeconds: 0 }).success,
    ).toBe(true);
    expect(
      QuoteInputSchema.safeParse({ ...valid, distanceMeters: 2_000_000, durationSeconds: 172_800 })
        .success,
    ).toBe(true);
  });

  it.each([
    ['a negative distance', { distanceMeters: -1 }],
    ['a distance over 2000 km', { distanceMeters: 2_000_001 }],
    ['an infinite distance', { distanceMeters: Number.POSITIVE_INFINITY }],
    ['a distance as text', { distanceMeters: '12300' }],
    ['a negative duration', { durationSeconds: -1 }],
    ['a duration over 48 hours', { durationSeconds: 172_801 }],
    ['an unknown vehicle', { vehicleType: 'Limousine' }],
    ['child seats as text', { childSeats: 'yes' }],
  ])('rejects %s', (_name, change) => {
    expect(QuoteInputSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});

describe('toQuoteResponse', () => {
  it('gives every amount in dollars, as the API contract names them', () => {
    const quote = quoteFare({
      distanceMeters: 12_300,
      durationSeconds: 20 * MINUTE,
      vehicleType: 'Standard HUG',
    });
    expect(toQuoteResponse(quote)).toEqual({
      vehicleType: 'Standard HUG',
      distanceKm: 12.3,
      durationMinutes: 20,
      baseRate: 5,
      distanceCost: 23.03,
      timeCost: 10,
      childSeatFee: 0,
      calculatedFare: 38.03,
      roundedFare: 40,
      minimumFare: 30,
      minimumApplied: false,
      estimate: { fare: 33.37, roundedFare: 35 },
    });
  });

  it('serialises to JSON with at most 2 decimals per amount', () => {
    const quote = quoteFare({
      distanceMeters: 10_700,
      durationSeconds: 0,
      vehicleType: 'Standard HUG',
    });
    expect(JSON.stringify(toQuoteResponse(quote))).toContain('"distanceCost":20.23,');
  });
});

const quoteInput = fc.record({
  distanceMeters: fc.integer({ min: 0, max: 2_000_000 }),
  durationSeconds: fc.integer({ min: 0, max: 172_800 }),
  vehicleType: fc.constantFrom(...VEHICLE_TYPES),
  childSeats: fc.boolean(),
});

const cents = (max: number) => fc.integer({ min: 0, max });
const tariff: fc.Arbitrary<Tariff> = fc.record({
  baseCents: cents(100_000),
  firstTierCentsPerKm: cents(10_000),
  secondTierCentsPerKm: cents(10_000),
  thirdTierCentsPerKm: cents(10_000),
  perMinuteCents: cents(10_000),
  minimumCents: cents(100_000),
  childSeatFeeCents: cents(100_000),
});
const tariffTable = fc.oneof(
  fc.constant(DEFAULT_TARIFFS),
  fc.record({ 'Standard HUG': tariff, 'Multivan 6': tariff }),
);

describe('quoteFare properties', () => {
  it('rounds the fare and the estimate to a multiple of $5, never below and less than $5 above', () => {
    fc.assert(
      fc.property(quoteInput, tariffTable, (input, tariffs) => {
        const quote = quoteFare(input, tariffs);
        for (const [exact, rounded] of [
          [quote.calculatedFareCents, quote.roundedFareCents],
          [quote.estimate.fareCents, quote.estimate.roundedFareCents],
        ] as const) {
          expect(rounded % 500).toBe(0);
          expect(rounded).toBeGreaterThanOrEqual(exact);
          expect(rounded - exact).toBeLessThan(500);
        }
      }),
    );
  });

  it('never charges less than the minimum', () => {
    fc.assert(
      fc.property(quoteInput, tariffTable, (input, tariffs) => {
        const quote = quoteFare(input, tariffs);
        expect(quote.calculatedFareCents).toBeGreaterThanOrEqual(quote.minimumFareCents);
        expect(quote.estimate.fareCents).toBeGreaterThanOrEqual(quote.minimumFareCents);
      }),
    );
  });

  it('adds up the breakdown to the fare whenever the minimum does not apply', () => {
    fc.assert(
      fc.property(quoteInput, tariffTable, (input, tariffs) => {
        const quote = quoteFare(input, tariffs);
        const sum =
          quote.baseRateCents +
          quote.distanceCostCents +
          quote.timeCostCents +
          quote.childSeatFeeCents;
        expect(quote.calculatedFareCents).toBe(quote.minimumApplied ? quote.minimumFareCents : sum);
        expect(quote.minimumApplied).toBe(sum < quote.minimumFareCents);
      }),
    );
  });

  it('never lowers any fare as the distance or the duration grows', () => {
    fc.assert(
      fc.property(
        quoteInput,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 3_600 }),
        tariffTable,
        (shorter, extraMeters, extraSeconds, tariffs) => {
          const longer = {
            ...shorter,
            distanceMeters: shorter.distanceMeters + extraMeters,
            durationSeconds: shorter.durationSeconds + extraSeconds,
          };
          const a = quoteFare(shorter, tariffs);
          const b = quoteFare(longer, tariffs);
          expect(b.calculatedFareCents).toBeGreaterThanOrEqual(a.calculatedFareCents);
          expect(b.roundedFareCents).toBeGreaterThanOrEqual(a.roundedFareCents);
          expect(b.estimate.fareCents).toBeGreaterThanOrEqual(a.estimate.fareCents);
          expect(b.estimate.roundedFareCents).toBeGreaterThanOrEqual(a.estimate.roundedFareCents);
        },
      ),
    );
  });

  it('never lowers the distance cost by one more metre', () => {
    fc.assert(
      fc.property(quoteInput, tariffTable, (input, tariffs) => {
        const a = quoteFare(input, tariffs);
        const b = quoteFare({ ...input, distanceMeters: input.distanceMeters + 1 }, tariffs);
        expect(b.distanceCostCents).toBeGreaterThanOrEqual(a.distanceCostCents);
      }),
    );
  });

  it('always produces a response the API schema accepts', () => {
    fc.assert(
      fc.property(quoteInput, (input: QuoteInput) => {
        expect(QuoteResponseSchema.safeParse(toQuoteResponse(quoteFare(input))).success).toBe(true);
      }),
    );
  });

  it('gives whole cents for any distance in metres, including fractional ones', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2_000_000, noNaN: true }),
        fc.double({ min: 0, max: 172_800, noNaN: true }),
        (distanceMeters, durationSeconds) => {
          const quote = quoteFare({ distanceMeters, durationSeconds, vehicleType: 'Standard HUG' });
          expect(Number.isInteger(quote.distanceCostCents)).toBe(true);
          expect(Number.isInteger(quote.timeCostCents)).toBe(true);
        },
      ),
    );
  });
});
