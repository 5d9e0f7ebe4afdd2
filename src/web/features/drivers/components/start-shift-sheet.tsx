import { Alert, Button, Drawer, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { parseOdometer } from '../../../../domain/drivers/odometer';
import type { ShiftVehicleChoice } from '../../../../domain/drivers/shift';
import { shiftVehicleBlock, shiftVehicleRefusal } from '../../../../domain/drivers/shift-vehicle';
import { WholeNumberInput } from '../../../components/whole-number-input';
import { errorMessage } from '../../../lib/api-client';
import { useStartShift } from '../api/start-shift';

type Props = {
  opened: boolean;
  onClose: () => void;
  vehicles: ShiftVehicleChoice[];
  defaultVehicleId: string | null;
};

/**
 * 'Start Shift': pick the vehicle (default the last one used), optional
 * odometer. A car another driver is on shift in, or whose papers keep it off
 * the road, is offered disabled with the reason; when it is the one offered
 * first, the whole reason shows under the list and Start waits for another.
 */
export function StartShiftSheet({ opened, onClose, vehicles, defaultVehicleId }: Props) {
  const [vehicleId, setVehicleId] = useState<string | null>(defaultVehicleId);
  const [odometer, setOdometer] = useState('');
  const [odometerProblem, setOdometerProblem] = useState<string | null>(null);
  const start = useStartShift();
  const chosen = vehicleId ?? defaultVehicleId ?? '';
  const chosenVehicle = vehicles.find((vehicle) => vehicle.id === chosen);
  const vehicleRefusal = chosenVehicle ? shiftVehicleRefusal(chosenVehicle) : null;

  function submit() {
    const reading = parseOdometer(odometer);
    setOdometerProblem(reading.problem ?? null);
    if (reading.problem !== undefined) return;
    start.mutate(
      {
        ...(vehicleId ? { vehicleId } : {}),
        ...(reading.km !== undefined ? { odometer: reading.km } : {}),
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      // As tall as its fields. Mantine's size="auto" is read as a size name
      // (var(--drawer-size-auto), which does not exist), and the sheet then
      // filled the whole screen.
      styles={{ content: { height: 'auto' } }}
      title="Start Shift"
      aria-label="Start Shift"
      closeButtonProps={{ size: 'xl', 'aria-label': 'Close' }}
    >
      <Stack>
        {/*
          The phone's own picker (decision 181): Mantine's dropdown, opened by a
          tap in this sheet, was placed half off the screen and pushed the page wide.
        */}
        <NativeSelect
          label="Vehicle"
          data={[
            ...(chosen === ''
              ? [
                  {
                    value: '',
                    label: vehicles.length > 0 ? 'Choose a vehicle' : 'No vehicle you may drive',
                    disabled: true,
                  },
                ]
              : []),
            ...vehicles.map((vehicle) => {
              // In use by another driver, or papers not in order: Start would be
              // refused. The reason follows the plate: a phone's picker cuts
              // the end of a long line.
              const block = shiftVehicleBlock(vehicle);
              const car = `${vehicle.make} ${vehicle.model} (${vehicle.type})`;
              return {
                value: vehicle.id,
                label: block
                  ? `${vehicle.registration} — ${block} · ${car}`
                  : `${vehicle.registration} · ${car}`,
                disabled: block !== null,
              };
            }),
          ]}
          value={chosen}
          onChange={(event) => setVehicleId(event.currentTarget.value || null)}
          error={vehicleRefusal}
          size="lg"
        />
        <WholeNumberInput
          label="Odometer (km)"
          description="Optional"
          min={0}
          value={odometer}
          onChange={(text) => {
            setOdometer(text);
            setOdometerProblem(null);
          }}
          error={odometerProblem}
          size="lg"
        />
        {start.isError ? (
          <Alert color="red" title="You cannot start a shift">
            {errorMessage(start.error)}
          </Alert>
        ) : null}
        <Button
          size="lg"
          onClick={submit}
          loading={start.isPending}
          disabled={vehicleRefusal !== null}
        >
          Start Shift
        </Button>
      </Stack>
    </Drawer>
  );
}
