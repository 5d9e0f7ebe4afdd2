import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  type CreatedDriverResponse,
  DRIVER_FIELD_MAX,
  DriverCreateInputSchema,
  INVITATION_NEEDS_EMAIL,
  DriverRecordUpdateSchema,
  vehicleDriversText,
  type RosterDriver,
} from '../../../../domain/drivers';
import type { FleetVehicle } from '../../../../domain/vehicles/api';
import { invitationNotMailedWords } from '../../../../domain/users';
import { asFieldSentence, errorMessage, isApiError } from '../../../lib/api-client';
import { schemaError } from '../../../lib/schema-error';
import { splitServerErrors } from '../../customers/components/customer-form-fields';
import { getUsersQueryOptions } from '../../users/api/get-users';
import { useVehicles } from '../../vehicles/api/get-vehicles';
import { useCreateDriver, useUpdateDriverRecord } from '../api/save-driver';
import { LimitedTextarea } from '../../../components/limited-textarea';
import { useFormFocus } from '../../../lib/form-focus';
import { useLeaveGuard } from '../../../lib/leave-guard';
import { rosterQueryOptions } from '../api/get-roster';
import { driverRecordQueryOptions } from '../api/get-driver-record';
import { useOpenedVersion } from '../../../lib/use-opened-version';
import { ChangedElsewhereNotice } from '../../../components/changed-elsewhere-notice';

// The areas the business plans shifts around (the demo data uses the same).
const PREFERRED_AREAS = [
  'Perth CBD',
  'Airport',
  'Northern Suburbs',
  'Southern Suburbs',
  'Eastern Suburbs',
  'Fremantle & Western Suburbs',
];
const INVITE = 'invite';

type FormValues = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  licenceNumber: string;
  preferredArea: string;
  notes: string;
  account: string;
  vehicleId: string | null;
  drivesAnyVehicle: boolean;
  allowedVehicleIds: string[];
};

function initialValues(driver: RosterDriver | null): FormValues {
  return {
    firstName: driver?.firstName ?? '',
    lastName: driver?.lastName ?? '',
    phone: driver?.phone ?? '',
    email: driver?.email ?? '',
    licenceNumber: driver?.licenceNumber ?? '',
    preferredArea: driver?.preferredArea ?? '',
    notes: driver?.notes ?? '',
    account: INVITE,
    vehicleId: driver?.vehicle?.id ?? null,
    drivesAnyVehicle: driver?.drivesAnyVehicle ?? true,
    allowedVehicleIds: driver?.allowedVehicleIds ?? [],
  };
}

const CHECKED_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'licenceNumber',
  'preferredArea',
  'notes',
] as const;

/**
 * The server's messages, before any request, so one submit shows every field
 * to fix (decision 57): each field by the schema of the request it goes in.
 * The create route itself refuses an invitation without an email, only once
 * the schema passed, so the form words it as that route does.
 */
function validateDriver(values: FormValues, isEditing: boolean): Record<string, string | null> {
  const shape = isEditing ? DriverRecordUpdateSchema.shape : DriverCreateInputSchema.shape;
  const errors: Record<string, string | null> = {};
  for (const name of CHECKED_FIELDS) errors[name] = schemaError(shape[name], values[name]);
  if (!isEditing && values.account === INVITE && errors.email === null && values.email === '') {
    errors.email = asFieldSentence(INVITATION_NEEDS_EMAIL);
  }
  return errors;
}

const vehicleLabel = (vehicle: FleetVehicle) =>
  `${vehicle.registration} · ${vehicle.type} · ${vehicle.make} ${vehicle.model}`;

/**
 * Users an admin may link to a new driver: no role or the driver role, and
 * not already the account of a driver (each account is one driver's).
 */
function useLinkableUsers(enabled: boolean) {
  // Editing links no account: nothing to read.
  const users = useQuery({ ...getUsersQueryOptions(), enabled });
  const roster = useQuery({ ...rosterQueryOptions({}), enabled });
  if (!enabled) return [];
  const linked = new Set((roster.data?.drivers ?? []).map((driver) => driver.userId));
  return (users.data?.users ?? [])
    .filter((user) => !user.disabled && (user.role === null || user.role === 'driver'))
    .filter((user) => !linked.has(user.id))
    .map((user) => ({ value: user.id, label: `${user.name} (${user.email})` }));
}

/**
 * Add or edit a driver. Adding invites a new account with the driver role
 * (the driver chooses a password from the mail) or links an existing user;
 * editing also sets the current vehicle and the vehicles the driver may drive.
 */
export function DriverForm({
  driver,
  onDone,
  onCancel,
}: {
  driver: RosterDriver | null;
  onDone: (driver: RosterDriver) => void;
  onCancel: () => void;
}) {
  const isEditing = driver !== null;
  const create = useCreateDriver();
  const update = useUpdateDriverRecord();
  const vehicles = useVehicles({ status: 'active' });
  const linkable = useLinkableUsers(!isEditing);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: initialValues(driver),
    validate: (values) => validateDriver(values, isEditing),
  });
  // Back, a link or closing the tab asks before typed details are lost.
  const releaseLeaveGuard = useLeaveGuard(form.isDirty());
  const isSaving = create.isPending || update.isPending;
  const { formRef, focusRefused } = useFormFocus(isSaving);
  const values = form.getValues();
  const queryClient = useQueryClient();
  const { setInitialValues, setValues } = form;
  const fill = useCallback(
    (record: RosterDriver | null) => {
      setInitialValues(initialValues(record));
      setValues(initialValues(record));
    },
    [setInitialValues, setValues],
  );
  // Another admin's save meanwhile refuses this one (decision 187): the typing stays.
  const version = useOpenedVersion({
    latest: driver,
    versionOf: (record) => record?.updatedAt ?? null,
    isDirty: form.isDirty(),
    isSaving: update.isPending,
    fill,
  });

  async function reload() {
    if (!driver) return;
    setFormError(null);
    form.clearErrors();
    try {
      // The profile behind the dialog shows the record as it is now too.
      const fresh = await queryClient.fetchQuery({
        ...driverRecordQueryOptions(driver.id),
        staleTime: 0,
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'drivers', driver.id] });
      version.open(fresh.driver);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  }

  const activeVehicles = vehicles.data?.vehicles ?? [];
  const vehicleOptions = activeVehicles.map((vehicle) => ({
    value: vehicle.id,
    label: vehicleLabel(vehicle),
  }));
  // Two drivers may share a car (day and night shifts); the admin sees who is
  // in it now and whose usual car it is, this driver aside.
  const pickable = activeVehicles
    .filter((vehicle) => values.drivesAnyVehicle || values.allowedVehicleIds.includes(vehicle.id))
    .map((vehicle) => {
      const label = vehicleLabel(vehicle);
      const { hint } = vehicleDriversText(vehicle, driver?.id);
      return { value: vehicle.id, label: hint ? `${label} · ${hint}` : label };
    });

  const handleSubmit = form.onSubmit(async (submitted) => {
    setFormError(null);
    const contact = {
      firstName: submitted.firstName,
      lastName: submitted.lastName,
      phone: submitted.phone,
      email: submitted.email,
      licenceNumber: submitted.licenceNumber,
      preferredArea: submitted.preferredArea,
      notes: submitted.notes,
    };
    try {
      // An invitation answers how its mail ended (decision 236); an edit or a link has none.
      const { driver: savedDriver, invitation }: CreatedDriverResponse = isEditing
        ? await update.mutateAsync({
            id: driver.id,
            update: {
              ...contact,
              vehicleId: submitted.vehicleId,
              drivesAnyVehicle: submitted.drivesAnyVehicle,
              allowedVehicleIds: submitted.drivesAnyVehicle ? [] : submitted.allowedVehicleIds,
              expectedUpdatedAt: version.expectedUpdatedAt ?? undefined,
            },
          })
        : await create.mutateAsync({
            ...contact,
            ...(submitted.account === INVITE ? {} : { userId: submitted.account }),
          });
      const name = `${savedDriver.firstName} ${savedDriver.lastName}`;
      const notMailed =
        invitation && invitationNotMailedWords(invitation, savedDriver.email ?? submitted.email);
      notifications.show({
        color: !notMailed ? 'green' : invitation === 'held' ? 'yellow' : 'red',
        title: isEditing ? 'Driver saved' : 'Driver added',
        message: isEditing
          ? name
          : (notMailed ??
            (invitation
              ? `${name} was sent an invitation to set a password.`
              : `${name} is linked to their account.`)),
      });
      // Add Driver opens the new driver at once: the saved form does not ask.
      releaseLeaveGuard();
      onDone(savedDriver);
    } catch (error) {
      if (version.refused(error)) {
        setFormError(errorMessage(error));
        return;
      }
      const fields = isApiError(error) ? { ...error.fields } : undefined;
      if (fields?.userId) fields.account = fields.userId;
      const { shown, other } = splitServerErrors(fields, Object.keys(submitted));
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
            label="First Name"
            withAsterisk
            maxLength={DRIVER_FIELD_MAX.firstName}
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last Name"
            withAsterisk
            maxLength={DRIVER_FIELD_MAX.lastName}
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="+61"
            withAsterisk
            maxLength={DRIVER_FIELD_MAX.phone}
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk={!isEditing && values.account === INVITE}
            maxLength={DRIVER_FIELD_MAX.email}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Licence Number"
            maxLength={DRIVER_FIELD_MAX.licenceNumber}
            key={form.key('licenceNumber')}
            {...form.getInputProps('licenceNumber')}
          />
          <NativeSelect
            label="Preferred Area"
            data={[{ value: '', label: 'No preference' }, ...PREFERRED_AREAS]}
            key={form.key('preferredArea')}
            {...form.getInputProps('preferredArea')}
          />
        </SimpleGrid>
        {!isEditing && (
          <Select
            label="Account"
            description="A new account is invited by email; the driver chooses their own password."
            data={[{ value: INVITE, label: 'Invite a new account by email' }, ...linkable]}
            allowDeselect={false}
            searchable
            key={form.key('account')}
            {...form.getInputProps('account')}
          />
        )}
        {isEditing && (
          <>
            <Switch
              label="May drive any vehicle"
              key={form.key('drivesAnyVehicle')}
              {...form.getInputProps('drivesAnyVehicle', { type: 'checkbox' })}
            />
            {!values.drivesAnyVehicle && (
              <MultiSelect
                label="Vehicles this driver may drive"
                data={vehicleOptions}
                searchable
                key={form.key('allowedVehicleIds')}
                {...form.getInputProps('allowedVehicleIds')}
              />
            )}
            <Select
              label="Current Vehicle"
              description="Their next shift starts in it unless they pick another."
              placeholder="No vehicle"
              data={pickable}
              clearable
              searchable
              nothingFoundMessage="No active vehicle matches"
              key={form.key('vehicleId')}
              {...form.getInputProps('vehicleId')}
            />
          </>
        )}
        <LimitedTextarea
          label="Notes"
          rows={3}
          maxLength={DRIVER_FIELD_MAX.notes}
          key={form.key('notes')}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {isEditing ? 'Save Driver' : 'Add Driver'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
