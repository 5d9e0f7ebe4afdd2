import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { VEHICLE_TYPES, isVehicleType, type VehicleType } from '../../../../domain/vehicles';

type VehicleTypeSelectProps = Omit<NativeSelectProps, 'value' | 'onChange' | 'data'> & {
  value: VehicleType;
  onChange: (value: VehicleType) => void;
};

/** 'Vehicle Type': a native select, so phones show their own picker and keys work as usual. */
export function VehicleTypeSelect({ value, onChange, ...props }: VehicleTypeSelectProps) {
  return (
    <NativeSelect
      label="Vehicle Type"
      {...props}
      data={[...VEHICLE_TYPES]}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isVehicleType(next)) onChange(next);
      }}
    />
  );
}
