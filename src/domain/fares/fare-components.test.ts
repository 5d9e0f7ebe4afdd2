import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VEHICLE_TYPES } from '../vehicles/vehicle-types';
import { fareComponents } from './fare-components';
import { DEFAULT_TARIFFS } from './tariffs';

describe('fare components kept at completion', () => {
  it('splits a quoted fare into base, distance, time and the rounding to $5', () => {
    // Standard HUG 12.3 km, 20 min: 500 + 2303 + 1000 = 3803 c, rounded to $40.
    expect(
      fareComponents(
        {
          fareCents: 4000,
          distanceMeters: 12_300,
          durationSeconds: 1200,
          vehicleType: 'Standard HUG',
        },
        DEFAULT_TARIFFS,
      ),
    ).toEqual({
      vehicleType: 'Standard HUG',
      distanceKm: 12.3,
      durationMinutes: 20,
      baseRateCents: 500,
      distanceCostCents: 2303,
      timeCostCents: 1000,
      childSeatFeeCents: 0,
      minimumTopUpCents: 0,
      roundingCents: 197,
      adjustmentCents: 0,
      totalCents: 4000,
    });
  });

  it('shows the top-up to the minimum fare of 30 on a short trip', () => {
    const parts = fareComponents(
      { fareCents: 3000, distanceMeters: 2000, durationSeconds: 300, vehicleType: 'Standard HUG' },
      DEFAULT_TARIFFS,
    );
    // 500 + 380 + 250 = 1130 c, raised to 3000 c.
    expect(parts.minimumTopUpCents).toBe(1870);
    expect(parts.roundingCents).toBe(0);
    expect(parts.adjustmentCents).toBe(0);
  });

  it('keeps a fare dispatch changed as an adjustment, and a trip without a route wholly so', () => {
    const changed = fareComponents(
      {
        fareCents: 3500,
        distanceMeters: 12_300,
        durationSeconds: 1200,
        vehicleType: 'Standard HUG',
      },
      DEFAULT_TARIFFS,
    );
    expect(changed.adjustmentCents).toBe(-500);
    const unpriced = fareComponents(
      { fareCents: 9000, distanceMeters: null, durationSeconds: null, vehicleType: 'Multivan 6' },
      DEFAULT_TARIFFS,
    );
    expect(unpriced).toMatchObject({ distanceKm: null, baseRateCents: 0, adjustmentCents: 9000 });
  });

  it('always adds up to the fare paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
        fc.integer({ min: 0, max: 172_800 }),
        fc.constantFrom(...VEHICLE_TYPES),
        fc.boolean(),
        (fareCents, distanceMeters, durationSeconds, vehicleType, childSeats) => {
          const parts = fareComponents(
            { fareCents, distanceMeters, durationSeconds, vehicleType, childSeats },
            DEFAULT_TARIFFS,
          );
          const sum =
            parts.baseRateCents +
            parts.distanceCostCents +
            parts.timeCostCents +
            parts.childSeatFeeCents +
            parts.minimumTopUpCents +
            parts.roundingCents +
            parts.adjustmentCents;
          expect(sum).toBe(fareCents);
          expect(parts.totalCents).toBe(fareCents);
        },
      ),
    );
  });
});
