import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { CalendarPlus, Trash2 } from 'lucide-react';
import { BOOKING_FIELD_MAX, MAX_SUITCASES, type Booking } from '../../../../../domain/bookings/api';
import {
  MAX_PASSENGERS,
  MIN_PASSENGERS,
  MIN_SUITCASES,
} from '../../../../../domain/bookings/limits';
import { MAX_MULTI_BOOKING_TIMES } from '../../../../../domain/bookings/multi-booking';
import { defaultPickupTime } from '../../../../../domain/bookings/wall-time';
import { DISPATCH_TOOL_FIELD_MAX } from '../../../../../domain/dispatch';
import { bookingCapacityWarning } from '../../../../../domain/vehicles';
import { errorMessage, isApiError } from '../../../../lib/api-client';
import { useFormFocus } from '../../../../lib/form-focus';
import {
  CONFIRM_PICKUP_MESSAGE,
  pickupNeedsConfirmation,
  PickupTimeInput,
} from '../../../bookings/components/pickup-time-input';
import { AddressAutocomplete } from '../../../maps/components/address-autocomplete';
import { SamePlaceWarning } from '../../../maps/components/same-place-warning';
import { placeOnForm } from '../../../maps/types';
import {
  endsWhereItStarts,
  SAME_PLACE_DESTINATION_WARNING,
} from '../../../../../domain/maps/same-place';
import { CountInput } from '../../../fares/components/count-input';
import { VehicleTypeSelect } from '../../../fares/components/vehicle-type-select';
import { useCreateMultiBooking } from '../api/create-multi-booking';
import { useAccounts } from '../api/get-accounts';
import { newIdempotencyKey } from '../../../../lib/idempotency-key';
import { MultiBookingResult } from './multi-booking-result';
import { useBusinessTimeZone } from '../../../settings/hooks/use-business-time-zone';
import { LimitedTextarea } from '../../../../components/limited-textarea';
import {
  blankValues,
  formField,
  MULTI_PAST_PICKUP_MESSAGE,
  nextDay,
  toInput,
  validateMultiBooking,
  type MultiBookingValues,
} from '../multi-booking-form';

type MultiBookingDialogProps = {
  /** Closes the dialog (Close, once the bookings are created). */
  onClose: () => void;
};

/**
 * One trip for the same customer or group, booked at several dates and times
 * at once. Once created, the dialog shows the references in place of the
 * form: booking again takes New Multi Booking, or Book more dates for the
 * same trip, so a second click never books the trip twice.
 */
export function MultiBookingDialog({ onClose }: MultiBookingDialogProps) {
  const timeZone = useBusinessTimeZone();
  const accounts = useAccounts();
  const createMultiBooking = useCreateMultiBooking();
  const [created, setCreated] = useState<Booking[] | null>(null);
  // The times the dispatcher confirmed (at night or within the hour).
  const [confirmedTimes, setConfirmedTimes] = useState<string[]>([]);
  // One key per set of values: a retry of the same request books once.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const form = useForm<MultiBookingValues>({
    mode: 'controlled',
    initialValues: blankValues(),
    validate: validateMultiBooking,
  });
  // The form's first field, or New Multi Booking once created: the button
  // pressed is gone, and the focus would fall to the page.
  const passengerNameRef = useRef<HTMLInputElement>(null);
  const newMultiBookingRef = useRef<HTMLButtonElement>(null);
  const [focusTarget, setFocusTarget] = useState<'form' | 'result' | null>(null);
  useEffect(() => {
    if (focusTarget === 'form') passengerNameRef.current?.focus();
    if (focusTarget === 'result') newMultiBookingRef.current?.focus();
  }, [focusTarget]);
  const { formRef, focusRefused } = useFormFocus(createMultiBooking.isPending);
  const { values } = form;
  const capacity = bookingCapacityWarning({
    mainPassengers: values.numPassengers,
    stops: [],
    isShuttle: false,
    vehicleType: values.vehicleType,
  });

  const submit = form.onSubmit((formValues) => {
    const unconfirmed = formValues.times.findIndex((time) =>
      pickupNeedsConfirmation(time, confirmedTimes.includes(time)),
    );
    if (unconfirmed !== -1) {
      form.setFieldError(`times.${unconfirmed}`, CONFIRM_PICKUP_MESSAGE);
      focusRefused();
      return;
    }
    const input = toInput(formValues);
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    createMultiBooking.mutate(
      { input, idempotencyKey: attempt.current.key },
      {
        onSuccess: ({ bookings }) => {
          attempt.current = null;
          setCreated(bookings);
          setFocusTarget('result');
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) {
            form.setErrors(
              Object.fromEntries(
                Object.entries(error.fields).map(([field, problem]) => [formField(field), problem]),
              ),
            );
          }
          focusRefused();
        },
      },
    );
  }, focusRefused);

  /** Back to the form: the same trip at the day after its last date, or an empty one. */
  function bookAgain(values: MultiBookingValues) {
    form.setValues(values);
    form.clearErrors();
    setConfirmedTimes([]);
    createMultiBooking.reset();
    setCreated(null);
    setFocusTarget('form');
  }

  if (created) {
    return (
      <MultiBookingResult
        created={created}
        timeZone={timeZone}
        onClose={onClose}
        onBookMoreDates={() => bookAgain({ ...values, times: [nextDay(values.times.at(-1)!)] })}
        onNewMultiBooking={() => bookAgain(blankValues())}
        newMultiBookingRef={newMultiBookingRef}
      />
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">Create multiple bookings for the same customer or group.</Text>

        {createMultiBooking.isError && !isApiError(createMultiBooking.error) ? (
          <Alert color="red">{errorMessage(createMultiBooking.error)}</Alert>
        ) : createMultiBooking.isError ? (
          <Alert color="red" title="No bookings were created">
            {/* The API's message names its fields ('pickupTimes.1: …'); they are marked below. */}
            {isApiError(createMultiBooking.error) && createMultiBooking.error.fields
              ? 'Fix what is marked below, then create them again.'
              : createMultiBooking.error.message}
          </Alert>
        ) : null}

        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Passenger Name"
            required
            maxLength={BOOKING_FIELD_MAX.passengerName}
            data-autofocus
            ref={passengerNameRef}
            {...form.getInputProps('passengerName')}
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="+61"
            maxLength={BOOKING_FIELD_MAX.phone}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Email"
            type="email"
            maxLength={DISPATCH_TOOL_FIELD_MAX.multiEmail}
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AddressAutocomplete
            label="Pickup Location"
            placeholder="Enter pickup address"
            required
            value={values.pickup}
            onChange={(value) => form.setFieldValue('pickup', value)}
            error={form.errors.pickup as string | undefined}
          />
          <AddressAutocomplete
            label="Destination"
            placeholder="Enter destination address"
            required
            value={values.dropoff}
            onChange={(value) => form.setFieldValue('dropoff', value)}
            error={form.errors.dropoff as string | undefined}
          />
        </SimpleGrid>
        {endsWhereItStarts({
          pickup: placeOnForm(values.pickup),
          dropoff: placeOnForm(values.dropoff),
        }) ? (
          <SamePlaceWarning message={SAME_PLACE_DESTINATION_WARNING} />
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <CountInput
            label="Passengers"
            min={MIN_PASSENGERS}
            max={MAX_PASSENGERS}
            value={values.numPassengers}
            onChange={(count) => form.setFieldValue('numPassengers', count)}
          />
          <CountInput
            label="Suitcases"
            min={MIN_SUITCASES}
            max={MAX_SUITCASES}
            value={values.numSuitcases}
            onChange={(count) => form.setFieldValue('numSuitcases', count)}
          />
          <VehicleTypeSelect
            value={values.vehicleType}
            onChange={(vehicleType) => form.setFieldValue('vehicleType', vehicleType)}
          />
          <Select
            label="Account Code"
            placeholder="None"
            clearable
            searchable
            data={(accounts.data?.accounts ?? []).map((account) => ({
              value: account.code,
              label: `${account.code} · ${account.name}`,
            }))}
            {...form.getInputProps('accountCode')}
          />
        </SimpleGrid>
        {capacity ? (
          <Alert color="yellow">
            <Text size="sm">{capacity.message}</Text>
            <Text size="sm">{capacity.detail}</Text>
          </Alert>
        ) : null}
        <LimitedTextarea
          label="Notes"
          rows={2}
          resize="vertical"
          maxLength={BOOKING_FIELD_MAX.notes}
          {...form.getInputProps('notes')}
        />

        <Divider />
        <Group justify="space-between">
          <Title order={3} size="h5">
            Dates and times (Perth time)
          </Title>
          <Button
            variant="light"
            size="xs"
            leftSection={<CalendarPlus size={16} aria-hidden />}
            disabled={values.times.length >= MAX_MULTI_BOOKING_TIMES}
            onClick={() => {
              const last = values.times.at(-1);
              form.insertListItem('times', last ? nextDay(last) : defaultPickupTime(new Date()));
            }}
          >
            Add date and time
          </Button>
        </Group>
        <Stack gap="xs">
          {values.times.map((time, index) => (
            <Group key={index} align="flex-start" wrap="nowrap">
              <PickupTimeInput
                flex={1}
                label={`Booking ${index + 1}`}
                required
                value={time || null}
                onChange={(value) => form.setFieldValue(`times.${index}`, value ?? '')}
                confirmed={confirmedTimes.includes(time)}
                pastRefusal={MULTI_PAST_PICKUP_MESSAGE}
                onConfirmedChange={(confirmed) => {
                  setConfirmedTimes((list) =>
                    confirmed ? [...list, time] : list.filter((item) => item !== time),
                  );
                  if (confirmed) form.clearFieldError(`times.${index}`);
                }}
                error={form.errors[`times.${index}`]}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                size="lg"
                aria-label={`Remove booking ${index + 1}`}
                disabled={values.times.length === 1}
                onClick={() => form.removeListItem('times', index)}
              >
                <Trash2 size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={createMultiBooking.isPending}>
            {values.times.length === 1
              ? 'Create 1 booking'
              : `Create ${values.times.length} bookings`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
