import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TARIFFS,
  FIRST_TIER_END_METERS,
  SECOND_TIER_END_METERS,
  TariffTableSchema,
  tariffFor,
} from './tariffs';

describe('DEFAULT_TARIFFS', () => {
  it('holds the spec table for Standard HUG in cents', () => {
    expect(DEFAULT_TARIFFS['Standard HUG']).toEqual({
      baseCents: 500,
      firstTierCentsPerKm: 190,
      secondTierCentsPerKm: 175,
      thirdTierCentsPerKm: 165,
      perMinuteCents: 50,
      minimumCents: 3000,
      childSeatFeeCents: 500,
    });
  });

  it('holds the spec table for Multivan 6 in cents', () => {
    expect(DEFAULT_TARIFFS['Multivan 6']).toEqual({
      baseCents: 1000,
      firstTierCentsPerKm: 300,
      secondTierCentsPerKm: 280,
      thirdTierCentsPerKm: 265,
      perMinuteCents: 80,
      minimumCents: 5000,
      childSeatFeeCents: 500,
    });
  });

  it('changes tier at 10 km and 15 km', () => {
    expect(FIRST_TIER_END_METERS).toBe(10_000);
    expect(SECOND_TIER_END_METERS).toBe(15_000);
  });

  it('passes its own schema', () => {
    expect(TariffTableSchema.parse(DEFAULT_TARIFFS)).toEqual(DEFAULT_TARIFFS);
  });
});

describe('tariffFor', () => {
  it('prices Imax 7 at the Multivan 6 rates', () => {
    expect(tariffFor(DEFAULT_TARIFFS, 'Imax 7')).toBe(DEFAULT_TARIFFS['Multivan 6']);
  });

  it('prices each of the other vehicles at its own rates', () => {
    expect(tariffFor(DEFAULT_TARIFFS, 'Standard HUG')).toBe(DEFAULT_TARIFFS['Standard HUG']);
    expect(tariffFor(DEFAULT_TARIFFS, 'Multivan 6')).toBe(DEFAULT_TARIFFS['Multivan 6']);
  });
});

describe('TariffTableSchema', () => {
  const withStandard = (changes: Record<string, unknown>) => ({
    ...DEFAULT_TARIFFS,
    'Standard HUG': { ...DEFAULT_TARIFFS['Standard HUG'], ...changes },
  });

  it('rejects a negative amount', () => {
    expect(TariffTableSchema.safeParse(withStandard({ baseCents: -1 })).success).toBe(false);
  });

  it('rejects fractions of a cent', () => {
    expect(TariffTableSchema.safeParse(withStandard({ firstTierCentsPerKm: 190.5 })).success).toBe(
      false,
    );
  });

  it('rejects a base fare above $1,000, an extra-zero typo', () => {
    expect(TariffTableSchema.safeParse(withStandard({ baseCents: 100_000 })).success).toBe(true);
    expect(TariffTableSchema.safeParse(withStandard({ baseCents: 100_001 })).success).toBe(false);
  });

  it('rejects a per-km rate above $100', () => {
    expect(TariffTableSchema.safeParse(withStandard({ thirdTierCentsPerKm: 10_001 })).success).toBe(
      false,
    );
  });

  it('rejects a table missing a vehicle', () => {
    expect(
      TariffTableSchema.safeParse({ 'Standard HUG': DEFAULT_TARIFFS['Standard HUG'] }).success,
    ).toBe(false);
  });

  it('rejects a separate Imax 7 row, which would be silently ignored', () => {
    expect(
      TariffTableSchema.safeParse({ ...DEFAULT_TARIFFS, 'Imax 7': DEFAULT_TARIFFS['Multivan 6'] })
        .success,
    ).toBe(false);
  });

  it('rejects a misspelt field', () => {
    expect(TariffTableSchema.safeParse(withStandard({ perMinute: 50 })).success).toBe(false);
  });
});
