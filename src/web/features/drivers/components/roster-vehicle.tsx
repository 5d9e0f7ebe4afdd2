import { Text } from '@mantine/core';
import { rosterVehicleText, type DriverVehicles } from '../../../../domain/drivers';

/** The car a driver drives now, and their usual one as a dimmed note (decision 191). */
export function RosterVehicle({ driver }: { driver: DriverVehicles }) {
  const vehicle = rosterVehicleText(driver);
  return (
    <>
      {vehicle.current}
      {vehicle.note ? (
        <Text span display="block" size="xs" c="dimmed">
          {vehicle.note}
        </Text>
      ) : null}
    </>
  );
}
