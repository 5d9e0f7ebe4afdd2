import { z } from 'zod';
import type { VehicleType } from '../vehicles/vehicle-types';

/** The first tier covers 0-10 km, the second 10-15 km, the third the rest. */
export const FIRST_TIER_END_METERS = 10_000;
export const SECOND_TIER_END_METERS = 15_000;

export const CHILD_SEAT_FEE_CENTS = 500;

// Upper bounds only catch typing mistakes in the admin's tariff editor (an
// extra zero or two); they also keep every product in quoteFare far inside
// Number.MAX_SAFE_INTEGER. The editor says them at each field.
const MAX_AMOUNT_CENTS = 100_000;
const MAX_RATE_CENTS = 10_000;

/** The most each tariff figure may be, in cents. */
export const TARIFF_MAX_CENTS = {
  baseCents: MAX_AMOUNT_CENTS,
  firstTierCentsPerKm: MAX_RATE_CENTS,
  secondTierCentsPerKm: MAX_RATE_CENTS,
  thirdTierCentsPerKm: MAX_RATE_CENTS,
  perMinuteCents: MAX_RATE_CENTS,
  minimumCents: MAX_AMOUNT_CENTS,
  childSeatFeeCents: MAX_AMOUNT_CENTS,
} as const;

const amountCents = (max: number) => z.number().int().min(0).max(max);

export const TariffSchema = z.strictObject({
  baseCents: amountCents(TARIFF_MAX_CENTS.baseCents),
  firstTierCentsPerKm: amountCents(TARIFF_MAX_CENTS.firstTierCentsPerKm),
  secondTierCentsPerKm: amountCents(TARIFF_MAX_CENTS.secondTierCentsPerKm),
  thirdTierCentsPerKm: amountCents(TARIFF_MAX_CENTS.thirdTierCentsPerKm),
  perMinuteCents: amountCents(TARIFF_MAX_CENTS.perMinuteCents),
  minimumCents: amountCents(TARIFF_MAX_CENTS.minimumCents),
  childSeatFeeCents: amountCents(TARIFF_MAX_CENTS.childSeatFeeCents),
});

export type Tariff = z.infer<typeof TariffSchema>;

export const TariffTableSchema = z.strictObject({
  'Standard HUG': TariffSchema,
  'Multivan 6': TariffSchema,
});

export type TariffTable = z.infer<typeof TariffTableSchema>;

/** Spec section 9; an admin may replace it through the Fares setting. */
export const DEFAULT_TARIFFS: TariffTable = {
  'Standard HUG': {
    baseCents: 500,
    firstTierCentsPerKm: 190,
    secondTierCentsPerKm: 175,
    thirdTierCentsPerKm: 165,
    perMinuteCents: 50,
    minimumCents: 3000,
    childSeatFeeCents: CHILD_SEAT_FEE_CENTS,
  },
  'Multivan 6': {
    baseCents: 1000,
    firstTierCentsPerKm: 300,
    secondTierCentsPerKm: 280,
    thirdTierCentsPerKm: 265,
    perMinuteCents: 80,
    minimumCents: 5000,
    childSeatFeeCents: CHILD_SEAT_FEE_CENTS,
  },
};

/** Imax 7 has no row of its own: it is priced at the Multivan 6 rates. */
export function tariffFor(table: TariffTable, vehicleType: VehicleType): Tariff {
  switch (vehicleType) {
    case 'Standard HUG':
      return table['Standard HUG'];
    case 'Multivan 6':
    case 'Imax 7':
      return table['Multivan 6'];
    default:
      return assertNever(vehicleType);
  }
}

function assertNever(value: never): never {
  throw new TypeError(`Unknown vehicle type: ${String(value)}`);
}
