import { z } from 'zod';
import { centsToDollars } from '../format/money';
import { VehicleTypeSchema, type VehicleType } from '../vehicles/vehicle-types';
import {
  DEFAULT_TARIFFS,
  FIRST_TIER_END_METERS,
  SECOND_TIER_END_METERS,
  tariffFor,
  type Tariff,
  type TariffTable,
} from './tariffs';
import { MAX_QUOTE_DISTANCE_METERS, MAX_QUOTE_DURATION_SECONDS } from './quote-limits';

/** Fares are rounded up to the next multiple of $5. */
export const FARE_ROUNDING_CENTS = 500;

// Free of zod, for the web's first download (decision 34).
export { MAX_QUOTE_DISTANCE_METERS, MAX_QUOTE_DURATION_SECONDS } from './quote-limits';

const METERS_PER_KM = 1000;
const SECONDS_PER_MINUTE = 60;

export const QuoteInputSchema = z.object({
  distanceMeters: z.number().min(0).max(MAX_QUOTE_DISTANCE_METERS),
  durationSeconds: z.number().min(0).max(MAX_QUOTE_DURATION_SECONDS),
  vehicleType: VehicleTypeSchema,
  childSeats: z.boolean().default(false),
});

/** What a caller passes: childSeats may be left out and means none. */
export type QuoteInput = z.input<typeof QuoteInputSchema>;

export type FareQuote = {
  vehicleType: VehicleType;
  distanceKm: number;
  durationMinutes: number;
  baseRateCents: number;
  distanceCostCents: number;
  timeCostCents: number;
  childSeatFeeCents: number;
  calculatedFareCents: number;
  roundedFareCents: number;
  minimumFareCents: number;
  minimumApplied: boolean;
  /** The simpler Fare Estimate card: flat per-km rate, no base, no seat fee. */
  estimate: { fareCents: number; roundedFareCents: number };
};

/**
 * Prices a route (DESIGN section 5). Every amount is integer cents; no step
 * goes through binary floating point, so a cent is never lost and a fare that
 * is exactly a multiple of $5 is not pushed up to the next one.
 *
 * distanceMeters is rounded to the nearest whole metre first: routing
 * providers report whole metres, and whole metres times whole cents per km
 * keeps the distance charge an exact integer of thousandths of a cent.
 */
export function quoteFare(input: QuoteInput, tariffs: TariffTable = DEFAULT_TARIFFS): FareQuote {
  const { distanceMeters, durationSeconds, vehicleType, childSeats = false } = input;
  assertNonNegativeFinite('distanceMeters', distanceMeters);
  assertNonNegativeFinite('durationSeconds', durationSeconds);

  const tariff = tariffFor(tariffs, vehicleType);
  const meters = Math.round(distanceMeters);
  const durationMinutes = Math.ceil(durationSeconds / SECONDS_PER_MINUTE);

  const distanceCostCents = costTieredDistance(meters, tariff);
  const timeCostCents = durationMinutes * tariff.perMinuteCents;
  const childSeatFeeCents = childSeats ? tariff.childSeatFeeCents : 0;
  const uncappedCents = tariff.baseCents + distanceCostCents + timeCostCents + childSeatFeeCents;
  const calculatedFareCents = Math.max(uncappedCents, tariff.minimumCents);

  const estimateCents = Math.max(
    costFlatDistance(meters, tariff.firstTierCentsPerKm) + timeCostCents,
    tariff.minimumCents,
  );

  const quote: FareQuote = {
    vehicleType,
    distanceKm: meters / METERS_PER_KM,
    durationMinutes,
    baseRateCents: tariff.baseCents,
    distanceCostCents,
    timeCostCents,
    childSeatFeeCents,
    calculatedFareCents,
    roundedFareCents: roundUpToFareStep(calculatedFareCents),
    minimumFareCents: tariff.minimumCents,
    minimumApplied: uncappedCents < tariff.minimumCents,
    estimate: { fareCents: estimateCents, roundedFareCents: roundUpToFareStep(estimateCents) },
  };
  assertSafeCents(quote);
  return quote;
}

/** The smallest multiple of $5 that is not below the amount. */
export function roundUpToFareStep(cents: number): number {
  const remainder = cents % FARE_ROUNDING_CENTS;
  return remainder === 0 ? cents : cents - remainder + FARE_ROUNDING_CENTS;
}

function costTieredDistance(meters: number, tariff: Tariff): number {
  const firstTierMeters = Math.min(meters, FIRST_TIER_END_METERS);
  const secondTierMeters = Math.min(
    Math.max(meters - FIRST_TIER_END_METERS, 0),
    SECOND_TIER_END_METERS - FIRST_TIER_END_METERS,
  );
  const thirdTierMeters = Math.max(meters - SECOND_TIER_END_METERS, 0);
  const centMeters =
    BigInt(firstTierMeters) * BigInt(tariff.firstTierCentsPerKm) +
    BigInt(secondTierMeters) * BigInt(tariff.secondTierCentsPerKm) +
    BigInt(thirdTierMeters) * BigInt(tariff.thirdTierCentsPerKm);
  return centMetersToCents(centMeters);
}

function costFlatDistance(meters: number, centsPerKm: number): number {
  return centMetersToCents(BigInt(meters) * BigInt(centsPerKm));
}

/** Metres times cents per km is thousandths of a cent; round half up. */
function centMetersToCents(centMeters: bigint): number {
  const divisor = BigInt(METERS_PER_KM);
  return Number((centMeters + divisor / 2n) / divisor);
}

function assertNonNegativeFinite(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a finite number of at least 0, got ${value}`);
  }
}

// Only reachable by calling quoteFare directly with absurd inputs (the
// schema caps them); past 2^53 a cent can no longer be represented exactly.
function assertSafeCents(quote: FareQuote): void {
  const totals = [
    quote.calculatedFareCents,
    quote.roundedFareCents,
    quote.estimate.roundedFareCents,
  ];
  if (!totals.every(Number.isSafeInteger)) {
    throw new RangeError('Fare is too large to compute to the cent');
  }
}

const dollars = z.number().min(0).multipleOf(0.01);

export const QuoteResponseSchema = z.object({
  vehicleType: VehicleTypeSchema,
  distanceKm: z.number().min(0),
  durationMinutes: z.number().int().min(0),
  baseRate: dollars,
  distanceCost: dollars,
  timeCost: dollars,
  childSeatFee: dollars,
  calculatedFare: dollars,
  roundedFare: dollars,
  minimumFare: dollars,
  minimumApplied: z.boolean(),
  estimate: z.object({ fare: dollars, roundedFare: dollars }),
});

export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;

/** The POST /api/quotes body (DESIGN section 4): amounts in dollars. */
export function toQuoteResponse(quote: FareQuote): QuoteResponse {
  return {
    vehicleType: quote.vehicleType,
    distanceKm: quote.distanceKm,
    durationMinutes: quote.durationMinutes,
    baseRate: centsToDollars(quote.baseRateCents),
    distanceCost: centsToDollars(quote.distanceCostCents),
    timeCost: centsToDollars(quote.timeCostCents),
    childSeatFee: centsToDollars(quote.childSeatFeeCents),
    calculatedFare: centsToDollars(quote.calculatedFareCents),
    roundedFare: centsToDollars(quote.roundedFareCents),
    minimumFare: centsToDollars(quote.minimumFareCents),
    minimumApplied: quote.minimumApplied,
    estimate: {
      fare: centsToDollars(quote.estimate.fareCents),
      roundedFare: centsToDollars(quote.estimate.roundedFareCents),
    },
  };
}
