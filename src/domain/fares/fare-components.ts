import type { VehicleType } from '../vehicles/vehicle-types';
import { quoteFare } from './quote-fare';
import type { TariffTable } from './tariffs';

/**
 * The fare a completed journey was charged and what it is made of, kept with
 * the booking for the WA booking records. The parts always add up to
 * `totalCents`, the fare paid: what the tariff does not explain (a fare set
 * or changed by dispatch, or a trip with no route figures to price) is the
 * adjustment.
 */
export type FareComponentsRecord = {
  vehicleType: VehicleType;
  /** Null when the trip had no distance and duration to price it from. */
  distanceKm: number | null;
  durationMinutes: number | null;
  baseRateCents: number;
  distanceCostCents: number;
  timeCostCents: number;
  childSeatFeeCents: number;
  /** Raises the fare to the vehicle's minimum. */
  minimumTopUpCents: number;
  /** Up to the next multiple of $5. */
  roundingCents: number;
  /** The fare paid less the tariff's price (may be negative: a discount). */
  adjustmentCents: number;
  totalCents: number;
};

export type CompletedFare = {
  fareCents: number;
  distanceMeters: number | null;
  durationSeconds: number | null;
  vehicleType: VehicleType;
  childSeats?: boolean;
};

/** Splits the fare paid into the tariff's parts (quoteFare), with what is left as an adjustment. */
export function fareComponents(fare: CompletedFare, tariffs: TariffTable): FareComponentsRecord {
  const { fareCents, distanceMeters, durationSeconds, vehicleType } = fare;
  if (distanceMeters === null || durationSeconds === null) {
    return {
      vehicleType,
      distanceKm: null,
      durationMinutes: null,
      baseRateCents: 0,
      distanceCostCents: 0,
      timeCostCents: 0,
      childSeatFeeCents: 0,
      minimumTopUpCents: 0,
      roundingCents: 0,
      adjustmentCents: fareCents,
      totalCents: fareCents,
    };
  }
  const quote = quoteFare(
    { distanceMeters, durationSeconds, vehicleType, childSeats: fare.childSeats ?? false },
    tariffs,
  );
  const parts =
    quote.baseRateCents + quote.distanceCostCents + quote.timeCostCents + quote.childSeatFeeCents;
  return {
    vehicleType,
    distanceKm: quote.distanceKm,
    durationMinutes: quote.durationMinutes,
    baseRateCents: quote.baseRateCents,
    distanceCostCents: quote.distanceCostCents,
    timeCostCents: quote.timeCostCents,
    childSeatFeeCents: quote.childSeatFeeCents,
    minimumTopUpCents: quote.calculatedFareCents - parts,
    roundingCents: quote.roundedFareCents - quote.calculatedFareCents,
    adjustmentCents: fareCents - quote.roundedFareCents,
    totalCents: fareCents,
  };
}
