import { Alert, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { TriangleAlert } from 'lucide-react';
import { MAX_SUITCASES, MIN_SUITCASES } from '../../../../domain/bookings/limits';
import { standardCapacityWarning } from '../../../../domain/vehicles';
import { seatsRefusal } from '../../../../domain/vehicles/capacity';
import {
  ASSISTANCE_OPTIONS,
  LUGGAGE_OPTIONS,
  MAX_PASSENGERS,
  MIN_PASSENGERS,
  TRIP_OPTION_LABELS,
  updateTripOptions,
  type TripOptionFlag,
  type TripOptions,
} from '../utils/trip-options';
import { TouchCheckbox } from '../../../components/touch-checkbox';
import { CountInput } from './count-input';
import { VehicleTypeSelect } from './vehicle-type-select';

type TripOptionsFieldsProps = {
  value: TripOptions;
  onChange: (value: TripOptions) => void;
  /** Server messages per field name (numPassengers, vehicleType, ...). */
  errors?: Partial<Record<string, string>>;
  /** The id of the Vehicle Type field's message, for a button it disables to point at. */
  vehicleErrorId?: string;
};

const OPTION_NOTES: Partial<Record<TripOptionFlag, string>> = {
  excessLuggage: 'An excess luggage fee may apply.',
};

/**
 * Passengers, luggage, vehicle and options of the Fare Calculator (spec 2.1).
 * Every change goes through updateTripOptions, which re-selects the vehicle.
 */
export function TripOptionsFields({
  value,
  onChange,
  errors = {},
  vehicleErrorId,
}: TripOptionsFieldsProps) {
  const change = (patch: Partial<TripOptions>) => onChange(updateTripOptions(value, patch));
  const warning = standardCapacityWarning(value.passengers, value.vehicleType);

  const optionCheckbox = (flag: TripOptionFlag) => (
    <TouchCheckbox
      key={flag}
      label={TRIP_OPTION_LABELS[flag]}
      description={OPTION_NOTES[flag]}
      checked={value[flag]}
      onChange={(event) => change({ [flag]: event.currentTarget.checked })}
    />
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <CountInput
          label="Passengers"
          min={MIN_PASSENGERS}
          max={MAX_PASSENGERS}
          value={value.passengers}
          onChange={(passengers) => change({ passengers })}
          error={errors.numPassengers}
        />
        <CountInput
          label="Large Suitcases"
          min={MIN_SUITCASES}
          max={MAX_SUITCASES}
          value={value.largeSuitcases}
          onChange={(largeSuitcases) => change({ largeSuitcases })}
          error={errors.largeSuitcases}
        />
        <CountInput
          label="Medium Suitcases"
          min={MIN_SUITCASES}
          max={MAX_SUITCASES}
          value={value.mediumSuitcases}
          onChange={(mediumSuitcases) => change({ mediumSuitcases })}
          error={errors.mediumSuitcases}
        />
      </SimpleGrid>

      <VehicleTypeSelect
        value={value.vehicleType}
        onChange={(vehicleType) => change({ vehicleType })}
        description="Chosen for your passengers and luggage; you may change it."
        error={errors.vehicleType ?? seatsRefusal(value.passengers, value.vehicleType)}
        errorProps={vehicleErrorId ? { id: vehicleErrorId } : undefined}
      />

      {warning ? (
        <Alert color="yellow" variant="light" icon={<TriangleAlert size={18} aria-hidden />}>
          {warning}
        </Alert>
      ) : null}

      <TouchCheckbox
        label="Child Seats"
        checked={value.childSeats}
        onChange={(event) => change({ childSeats: event.currentTarget.checked })}
        error={errors.childSeats}
      />

      <Fieldset legend="Luggage" variant="unstyled">
        <Stack gap="xs">{LUGGAGE_OPTIONS.map(optionCheckbox)}</Stack>
      </Fieldset>

      <Fieldset legend="Assistance" variant="unstyled">
        <Stack gap="xs">
          {ASSISTANCE_OPTIONS.map(optionCheckbox)}
          <Text size="sm" c="dimmed">
            No extra charge for assistance animals or mobility aids.
          </Text>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
