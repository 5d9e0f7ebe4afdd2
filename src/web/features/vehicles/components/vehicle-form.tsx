import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { parseTypedNumber } from '../../../../domain/format/typed-number';
import {
  VehicleInputSchema,
  VEHICLE_CAPACITY,
  VEHICLE_FIELD_MAX,
  VEHICLE_STATUS_LABELS,
  VEHICLE_STATUSES,
  VEHICLE_TYPES,
  vehicleSeatsProblem,
  type FleetVehicle,
  type VehicleStatus,
  type VehicleType,
} from '../../../../domain/vehicles';
import { asFieldSentence, errorMessage, isApiError } from '../../../lib/api-client';
import { schemaError } from '../../../lib/schema-error';
import { splitServerErrors } from '../../customers/components/customer-form-fields';
import { useCreateVehicle, useUpdateVehicle } from '../api/save-vehicle';
import { LimitedTextarea } from '../../../components/limited-textarea';
import { WholeNumberInput } from '../../../components/whole-number-input';
import { useFormFocus } from '../../../lib/form-focus';
import { useLeaveGuard } from '../../../lib/leave-guard';
import { useOpenedVersion } from '../../../lib/use-opened-version';
import { ChangedElsewhereNotice } from '../../../components/changed-elsewhere-notice';
import { getVehicleQueryOptions, VEHICLES_QUERY_KEY } from '../api/get-vehicles';

type FormValues = {
  registration: string;
  type: VehicleType;
  make: string;
  model: string;
  colour: string;
  year: number | string;
  seats: number | string;
  isElectric: boolean;
  isWheelchairAccessible: boolean;
  status: VehicleStatus;
  notes: string;
};

function initialValues(vehicle: FleetVehicle | null): FormValues {
  return {
    registration: vehicle?.registration ?? '',
    type: vehicle?.type ?? 'Standard HUG',
    make: vehicle?.make ?? '',
    model: vehicle?.model ?? '',
    colour: vehicle?.colour ?? '',
    year: vehicle?.year ?? '',
    seats: vehicle?.seats ?? VEHICLE_CAPACITY['Standard HUG'],
    isElectric: vehicle?.isElectric ?? false,
    isWheelchairAccessible: vehicle?.isWheelchairAccessible ?? false,
    status: vehicle?.status ?? 'active',
    notes: vehicle?.notes ?? '',
  };
}

/** The number typed, NaN for text that is not one ('1e3'), so the schema refuses it. */
function typedNumber(value: number | string): number {
  return parseTypedNumber(value) ?? Number.NaN;
}

/** The year as sent: none when left empty. */
function typedYear(value: number | string): number | null {
  return String(value).trim() === '' ? null : typedNumber(value);
}

/** Seats against the type (the server's rule), once they are a number at all. */
function seatsError(value: number | string, type: VehicleType): string | null {
  const problem =
    schemaError(VehicleInputSchema.shape.seats, typedNumber(value)) ??
    vehicleSeatsProblem(type, typedNumber(value));
  return problem ? asFieldSentence(problem) : null;
}

/** Add or edit a vehicle; the server checks the plate, year and seats and names a bad field. */
export function VehicleForm({
  vehicle,
  onDone,
  onCancel,
}: {
  vehicle: FleetVehicle | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    // Controlled: the year and seats show what was typed ('2.5' is refused, never read as 25).
    mode: 'controlled',
    initialValues: initialValues(vehicle),
    validate: {
      year: (value) => schemaError(VehicleInputSchema.shape.year, typedYear(value)),
      seats: (value, values) => seatsError(value, values.type),
    },
  });
  // Back, a link or closing the tab asks before typed details are lost.
  const releaseLeaveGuard = useLeaveGuard(form.isDirty());
  const queryClient = useQueryClient();
  const { setInitialValues, setValues } = form;
  const fill = useCallback(
    (record: FleetVehicle | null) => {
      setInitialValues(initialValues(record));
      setValues(initialValues(record));
    },
    [setInitialValues, setValues],
  );
  // Another admin's save meanwhile refuses this one (decision 187): the typing stays.
  const version = useOpenedVersion({
    latest: vehicle,
    versionOf: (record) => record?.updatedAt ?? null,
    isDirty: form.isDirty(),
    isSaving: update.isPending,
    fill,
  });

  async function reload() {
    if (!vehicle) return;
    setFormError(null);
    form.clearErrors();
    try {
      const fresh = await queryClient.fetchQuery({
        ...getVehicleQueryOptions(vehicle.id),
        staleTime: 0,
      });
      // The list behind the dialog shows it as it is now too.
      void queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_KEY });
      version.open(fresh.vehicle);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  }
  const isSaving = create.isPending || update.isPending;
  const { formRef, focusRefused } = useFormFocus(isSaving);

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    const body = {
      ...values,
      year: typedYear(values.year),
      seats: typedNumber(values.seats),
    };
    try {
      const saved = vehicle
        ? await update.mutateAsync({
            id: vehicle.id,
            update: { ...body, expectedUpdatedAt: version.expectedUpdatedAt ?? undefined },
          })
        : await create.mutateAsync(body);
      notifications.show({
        color: 'green',
        title: vehicle ? 'Vehicle saved' : 'Vehicle added',
        message: saved.vehicle.registration,
      });
      releaseLeaveGuard();
      onDone();
    } catch (error) {
      if (version.refused(error)) {
        setFormError(errorMessage(error));
        focusRefused();
        return;
      }
      const { shown, other } = splitServerErrors(
        isApiError(error) ? error.fields : undefined,
        Object.keys(values),
      );
      form.setErrors(shown);
      if (Object.keys(shown).length === 0 || other.length > 0) {
        setFormError(other.length > 0 ? other.join(' ') : errorMessage(error));
      }
      focusRefused();
    }
  }, focusRefused);

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        {version.isChangedElsewhere && (
          <ChangedElsewhereNotice hasTypedChanges={form.isDirty()} onReload={() => void reload()} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Registration Plate"
            placeholder="1ABC 234"
            withAsterisk
            maxLength={VEHICLE_FIELD_MAX.registration}
            key={form.key('registration')}
            {...form.getInputProps('registration')}
          />
          <NativeSelect
            label="Vehicle Type"
            data={[...VEHICLE_TYPES]}
            key={form.key('type')}
            {...form.getInputProps('type')}
          />
          <TextInput
            label="Make"
            withAsterisk
            maxLength={VEHICLE_FIELD_MAX.make}
            key={form.key('make')}
            {...form.getInputProps('make')}
          />
          <TextInput
            label="Model"
            withAsterisk
            maxLength={VEHICLE_FIELD_MAX.model}
            key={form.key('model')}
            {...form.getInputProps('model')}
          />
          <TextInput
            label="Colour"
            maxLength={VEHICLE_FIELD_MAX.colour}
            key={form.key('colour')}
            {...form.getInputProps('colour')}
          />
          <WholeNumberInput
            label="Year"
            key={form.key('year')}
            {...form.getInputProps('year')}
            value={form.values.year}
          />
          <WholeNumberInput
            label="Seats"
            description="Passenger seats"
            withAsterisk
            key={form.key('seats')}
            {...form.getInputProps('seats')}
            value={form.values.seats}
          />
          <NativeSelect
            label="Status"
            description="At the workshop: off the road for repairs until set back to Active"
            data={VEHICLE_STATUSES.map((status) => ({
              value: status,
              label: VEHICLE_STATUS_LABELS[status],
            }))}
            key={form.key('status')}
            {...form.getInputProps('status')}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox
            label="Electric"
            key={form.key('isElectric')}
            {...form.getInputProps('isElectric', { type: 'checkbox' })}
          />
          <Checkbox
            label="Wheelchair accessible"
            key={form.key('isWheelchairAccessible')}
            {...form.getInputProps('isWheelchairAccessible', { type: 'checkbox' })}
          />
        </Group>
        <LimitedTextarea
          label="Notes"
          rows={3}
          maxLength={VEHICLE_FIELD_MAX.notes}
          key={form.key('notes')}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {vehicle ? 'Save Vehicle' : 'Add Vehicle'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
