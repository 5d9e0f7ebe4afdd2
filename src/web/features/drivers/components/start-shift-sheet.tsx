import { Alert, Button, Drawer, NumberInput, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import type { ShiftVehicleChoice } from '../../../../domain/drivers/shift';
import { errorMessage } from '../../../lib/api-client';
import { useStartShift } from '../api/start-shift';

type Props = {
  opened: boolean;
  onClose: () => void;
  vehicles: ShiftVehicleChoice[];
  defaultVehicleId: string | null;
};

/** 'Start Shift': pick the vehicle (default the last one used), optional odometer. */
export function StartShiftSheet({ opened, onClose, vehicles, defaultVehicleId }: Props) {
  const [vehicleId, setVehicleId] = useState<string | null>(defaultVehicleId);
  const [odometer, setOdometer] = useState<number | string>('');
  const start = useStartShift();

  function submit() {
    start.mutate(
      {
        ...(vehicleId ? { vehicleId } : {}),
        ...(typeof odometer === 'number' ? { odometer } : {}),
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="auto"
      title="Start Shift"
      aria-label="Start Shift"
      closeButtonProps={{ size: 'xl', 'aria-label': 'Close' }}
    >
      <Stack>
        <Select
          label="Vehicle"
          data={vehicles.map((vehicle) => ({
            value: vehicle.id,
            label: `${vehicle.registration} · ${vehicle.make} ${vehicle.model} (${vehicle.type})${
              vehicle.inUseBy ? `, in use by ${vehicle.inUseBy}` : ''
            }`,
            // Another driver is on shift in it: Start would be refused.
            disabled: vehicle.inUseBy !== null,
          }))}
          value={vehicleId ?? defaultVehicleId}
          onChange={setVehicleId}
          size="lg"
          allowDeselect={false}
          nothingFoundMessage="No vehicle you may drive"
        />
        <NumberInput
          label="Odometer (km)"
          description="Optional"
          min={0}
          // A minus sign cannot be typed: '-5' was clamped to 0 and sent as such.
          allowNegative={false}
          allowDecimal={false}
          thousandSeparator=","
          hideControls
          inputMode="numeric"
          value={odometer}
          onChange={setOdometer}
          size="lg"
        />
        {start.isError ? (
          <Alert color="red" title="You cannot start a shift">
            {errorMessage(start.error)}
          </Alert>
        ) : null}
        <Button size="lg" onClick={submit} loading={start.isPending}>
          Start Shift
        </Button>
      </Stack>
    </Drawer>
  );
}
