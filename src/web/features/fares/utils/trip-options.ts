import {
  DEFAULT_VEHICLE_TYPE,
  selectVehicle,
  type VehicleSelectionInput,
  type VehicleType,
} from '../../../../domain/vehicles';

import { MAX_PASSENGERS, MIN_PASSENGERS } from '../../../../domain/bookings/limits';

export { MAX_PASSENGERS, MIN_PASSENGERS };

export const LUGGAGE_OPTIONS = ['excessLuggage', 'sportingEquipment', 'oversizedItems'] as const;
export const ASSISTANCE_OPTIONS = [
  'assistanceAnimal',
  'mobilityAssistance',
  'walkingAids',
] as const;
export const TRIP_OPTION_FLAGS = [...LUGGAGE_OPTIONS, ...ASSISTANCE_OPTIONS] as const;
export type TripOptionFlag = (typeof TRIP_OPTION_FLAGS)[number];

/** The spec's labels for the option checkboxes. */
export const TRIP_OPTION_LABELS: Record<TripOptionFlag, string> = {
  excessLuggage: 'Excess Luggage',
  sportingEquipment: 'Sporting Equipment',
  oversizedItems: 'Oversized Items',
  assistanceAnimal: 'Assistance Animal',
  mobilityAssistance: 'Mobility Assistance',
  walkingAids: 'Walking Aids/Wheelchair/Walker',
};

/** Who travels, with what, in which vehicle: everything but the route. */
export type TripOptions = {
  passengers: number;
  largeSuitcases: number;
  mediumSuitcases: number;
  vehicleType: VehicleType;
  childSeats: boolean;
} & Record<TripOptionFlag, boolean>;

export const DEFAULT_TRIP_OPTIONS: TripOptions = {
  passengers: MIN_PASSENGERS,
  largeSuitcases: 0,
  mediumSuitcases: 0,
  vehicleType: DEFAULT_VEHICLE_TYPE,
  childSeats: false,
  excessLuggage: false,
  sportingEquipment: false,
  oversizedItems: false,
  assistanceAnimal: false,
  mobilityAssistance: false,
  walkingAids: false,
};

// The inputs of the auto-selection rule. Child seats and the assistance
// options do not change the vehicle, so ticking them keeps a manual choice.
const SELECTION_INPUTS = [
  'passengers',
  'largeSuitcases',
  'mediumSuitcases',
  'excessLuggage',
  'sportingEquipment',
  'oversizedItems',
] as const satisfies readonly (keyof VehicleSelectionInput)[];

/**
 * Applies a change to the trip. When passengers, luggage or a luggage
 * checkbox changes, the vehicle is chosen again by the domain rule (spec 4);
 * a vehicle picked by hand stays until then.
 */
export function updateTripOptions(
  previous: TripOptions,
  change: Partial<TripOptions>,
): TripOptions {
  const next = { ...previous, ...change };
  const selectionChanged = SELECTION_INPUTS.some((key) => next[key] !== previous[key]);
  return selectionChanged ? { ...next, vehicleType: selectVehicle(next) } : next;
}

/** '2 large, 1 medium suitcases', or 'No suitcases'. */
export function describeLuggage({
  largeSuitcases,
  mediumSuitcases,
}: Pick<TripOptions, 'largeSuitcases' | 'mediumSuitcases'>): string {
  if (largeSuitcases === 0 && mediumSuitcases === 0) return 'No suitcases';
  const parts = [
    largeSuitcases > 0 ? `${largeSuitcases} large` : null,
    mediumSuitcases > 0 ? `${mediumSuitcases} medium` : null,
  ].filter((part) => part !== null);
  const total = largeSuitcases + mediumSuitcases;
  return `${parts.join(', ')} ${total === 1 ? 'suitcase' : 'suitcases'}`;
}

/** '1 passenger', '4 passengers'. */
export function describePassengers(passengers: number): string {
  return `${passengers} ${passengers === 1 ? 'passenger' : 'passengers'}`;
}

/** Labels of the ticked option checkboxes, in form order. */
export function tickedOptionLabels(options: Record<TripOptionFlag, boolean>): string[] {
  return TRIP_OPTION_FLAGS.filter((flag) => options[flag]).map((flag) => TRIP_OPTION_LABELS[flag]);
}
