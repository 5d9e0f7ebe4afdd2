import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Fieldset,
  Group,
  List,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback } from 'react';
import { AlertTriangle, Bus, Check, Plus, RotateCcw } from 'lucide-react';
import { MAX_PASSENGERS, MIN_PASSENGERS, MIN_SUITCASES } from '../../../../domain/bookings/limits';
import { mostChildSeats } from '../../../../domain/bookings/passenger-counts';
import {
  newStop,
  shuttleRunSummary,
  withChosenCustomer,
  withTypedPhone,
  type BookingFormValues,
} from '../utils/booking-form-state';
import {
  BOOKING_FIELD_MAX,
  MAX_ASSISTANCE_NEEDS_LENGTH,
  MAX_SUITCASES,
} from '../../../../domain/bookings/api';
import { isClosedBooking } from '../../../../domain/bookings/status';
import { bookingCapacityWarning } from '../../../../domain/vehicles/capacity';
import { formatDollars } from '../../../lib/format-dollars';
import { PickupTimeInput } from '../../bookings/components/pickup-time-input';
import { CountInput } from '../../fares/components/count-input';
import { VehicleTypeSelect } from '../../fares/components/vehicle-type-select';
import type { BookingEditor } from '../hooks/use-booking-editor';
import { BOOKING_FORM_ID, BOOKING_FORM_SCROLL_ID } from '../utils/dispatch-focus';
import { useDefaultPickupRoll } from '../hooks/use-default-pickup';
import { useLinkedCustomer } from '../hooks/use-linked-customer';
import { CustomerPhoneField } from './customer-phone-field';
import { BookingPlaceFields } from './booking-place-fields';
import { stringError, withPasteNote } from './booking-field-text';
import { FareField, RouteQuote } from './booking-fare-fields';
import { ChangedElsewhereNotice } from '../../../components/changed-elsewhere-notice';
import { EditingNotice } from './editing-notice';
import { StopList, type StopsUpdate } from './stop-list';
import { PressedTooltip } from './pressed-tooltip';
import { LimitedTextarea } from '../../../components/limited-textarea';
import classes from './dispatch.module.css';

type PasteNotes = BookingFormValues['pasteNotes'];

/** Spec 2.12: the dispatcher's New Booking panel (also edits a selected booking). */
export function NewBookingPanel({ editor }: { editor: BookingEditor }) {
  const { form, editing, formError, isSubmitting } = editor;
  const closed = editing !== null && isClosedBooking(editing.status);
  const values = form.values;
  const isShuttle = values.isShuttle;
  const summary = shuttleRunSummary(values.numPassengers, values.stops);
  const warning = bookingCapacityWarning({
    mainPassengers: values.numPassengers,
    stops: values.stops,
    isShuttle,
    vehicleType: values.vehicleType,
  });

  function setStops(update: StopsUpdate) {
    form.setFieldValue('stops', update);
  }

  /** A field the dispatcher changed says no more what the pasted text asked for. */
  function dropPasteNote(field: keyof PasteNotes) {
    if (values.pasteNotes[field] === undefined) return;
    const { [field]: _changed, ...rest } = values.pasteNotes;
    form.setFieldValue('pasteNotes', rest);
  }

  const { setFieldValue } = form;
  const setPickupTime = useCallback(
    (value: string) => setFieldValue('pickupTime', value),
    [setFieldValue],
  );
  useDefaultPickupRoll(values, editing !== null, setPickupTime);
  const customer = useLinkedCustomer(values.customerId);

  return (
    <Paper
      component="section"
      aria-labelledby="new-booking-title"
      withBorder
      radius="md"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <form
        id={BOOKING_FORM_ID}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void editor.submit();
        }}
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <Group justify="space-between" px="md" py="sm" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id="new-booking-title">
            {editing ? `Edit Booking ${editing.reference}` : 'New Booking'}
          </Title>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant={isShuttle ? 'filled' : 'default'}
              leftSection={<Bus size={14} aria-hidden />}
              aria-pressed={isShuttle}
              disabled={editing !== null}
              onClick={() => form.setFieldValue('isShuttle', !isShuttle)}
            >
              Shuttle Mode
            </Button>
            <PressedTooltip label={editing ? 'Save changes' : 'Create booking'}>
              <ActionIcon
                type="submit"
                size="lg"
                color="green"
                aria-label={editing ? 'Save changes' : 'Create booking'}
                disabled={isSubmitting}
                loading={isSubmitting}
              >
                <Check size={18} aria-hidden />
              </ActionIcon>
            </PressedTooltip>
            <PressedTooltip label="Reset form">
              <ActionIcon
                size="lg"
                variant="default"
                aria-label="Reset form"
                onClick={editor.reset}
              >
                <RotateCcw size={16} aria-hidden />
              </ActionIcon>
            </PressedTooltip>
          </Group>
        </Group>
        <Divider />
        <ScrollArea
          style={{ flex: 1, minHeight: 0 }}
          type="auto"
          offsetScrollbars
          viewportProps={{ id: BOOKING_FORM_SCROLL_ID }}
        >
          <Stack gap="sm" p="md" key={editor.formKey}>
            {editing ? (
              <EditingNotice
                booking={editing}
                onBookAgain={() => editor.bookAgain(editing)}
                onNewBooking={editor.reset}
              />
            ) : null}
            {editor.changedElsewhere ? (
              <ChangedElsewhereNotice
                hasTypedChanges={form.isDirty()}
                onReload={editor.reloadEditing}
              />
            ) : null}
            {formError ? (
              <Alert color="red" title={formError.message} role="alert">
                {formError.details.length > 0 ? (
                  <List size="sm">
                    {formError.details.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                ) : null}
              </Alert>
            ) : null}
            {/* A closed booking's details are what happened: only its notes change (decision 89). */}
            <Fieldset variant="unstyled" disabled={closed} p={0} m={0} miw={0}>
              <Stack gap="sm">
                <BookingPlaceFields
                  form={form}
                  onPasteNoteDropped={dropPasteNote}
                  knownPlaces={customer.places}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
                  <TextInput
                    label="Passenger Name"
                    autoComplete="off"
                    maxLength={BOOKING_FIELD_MAX.passengerName}
                    {...form.getInputProps('passengerName')}
                  />
                  <CustomerPhoneField
                    value={values.phone}
                    customerId={values.customerId}
                    error={stringError(form.errors.phone)}
                    onChange={(phone) => form.setValues(withTypedPhone(values, phone))}
                    onChoose={(chosen) => form.setValues(withChosenCustomer(values, chosen))}
                  />
                  <CountInput
                    label="Passengers"
                    description={withPasteNote(values.pasteNotes.numPassengers)}
                    min={MIN_PASSENGERS}
                    max={MAX_PASSENGERS}
                    value={values.numPassengers}
                    onChange={(count) => {
                      form.setFieldValue('numPassengers', count);
                      dropPasteNote('numPassengers');
                      // Wheelchair passengers and child seats are counted among the passengers.
                      if (values.wheelchairPassengers > count) {
                        form.setFieldValue('wheelchairPassengers', count);
                      }
                      if (values.childSeats > count) form.setFieldValue('childSeats', count);
                    }}
                    error={stringError(form.errors.numPassengers)}
                  />
                  <CountInput
                    label="Wheelchair passengers"
                    description="Seated in their wheelchair"
                    min={0}
                    max={values.numPassengers}
                    value={values.wheelchairPassengers}
                    onChange={(count) => form.setFieldValue('wheelchairPassengers', count)}
                    error={stringError(form.errors.wheelchairPassengers)}
                  />
                  <CountInput
                    label="Suitcases"
                    description={withPasteNote(values.pasteNotes.numSuitcases)}
                    min={MIN_SUITCASES}
                    max={MAX_SUITCASES}
                    value={values.numSuitcases}
                    onChange={(count) => {
                      form.setFieldValue('numSuitcases', count);
                      dropPasteNote('numSuitcases');
                    }}
                    error={stringError(form.errors.numSuitcases)}
                  />
                  <CountInput
                    label="Child seats"
                    description={withPasteNote(
                      values.pasteNotes.childSeats,
                      'Fitted before pickup',
                    )}
                    min={0}
                    max={mostChildSeats(values.numPassengers)}
                    value={values.childSeats}
                    onChange={(count) => {
                      form.setFieldValue('childSeats', count);
                      dropPasteNote('childSeats');
                    }}
                    error={stringError(form.errors.childSeats)}
                  />
                  {/* Both columns: in one, at 1280 px the day wrapped and the time was cut. */}
                  <div className={classes.wholeRow}>
                    <PickupTimeInput
                      label="Pickup Time"
                      description={withPasteNote(values.pasteNotes.pickupTime, 'Perth time')}
                      required
                      value={values.pickupTime || null}
                      onChange={(value) => {
                        form.setFieldValue('pickupTime', value ?? '');
                        // From now on the time is the dispatcher's: it never moves on its own.
                        form.setFieldValue('isPickupTimeSet', true);
                        dropPasteNote('pickupTime');
                      }}
                      confirmed={editor.pickup.confirmed}
                      onConfirmedChange={(confirmed) => {
                        editor.pickup.confirm(confirmed);
                        // 'Yes, pickup 5:20 pm' accepts that time: it stays, and so does the tick.
                        if (confirmed) form.setFieldValue('isPickupTimeSet', true);
                      }}
                      askToConfirm={editor.pickup.askToConfirm}
                      error={stringError(form.errors.pickupTime)}
                    />
                  </div>
                  <VehicleTypeSelect
                    // The customer's preference is said even when the dispatcher chose another.
                    description={
                      customer.preferredVehicleType
                        ? `Prefers: ${customer.preferredVehicleType}`
                        : 'Default Standard HUG'
                    }
                    value={values.vehicleType}
                    onChange={(vehicleType) =>
                      form.setValues({ vehicleType, vehicleTypeFrom: 'dispatcher' })
                    }
                    error={stringError(form.errors.vehicleType)}
                  />
                  {/* A new booking is priced from its route (spec): only a saved one's fare is typed. */}
                  <FareField editor={editor} />
                </SimpleGrid>
                {warning ? (
                  <Alert
                    color="yellow"
                    variant="light"
                    icon={<AlertTriangle size={18} aria-hidden />}
                    role="status"
                  >
                    <Text size="sm">{warning.message}</Text>
                    <Text size="sm" fw={600}>
                      {warning.detail}
                    </Text>
                  </Alert>
                ) : null}

                <TextInput
                  label="Assistance needs"
                  description="e.g. walking frame, assistance animal, help with bags"
                  maxLength={MAX_ASSISTANCE_NEEDS_LENGTH}
                  autoComplete="off"
                  {...form.getInputProps('assistanceNeeds')}
                />
                <TextInput
                  label="Account Code"
                  description="Corporate account, if any"
                  autoComplete="off"
                  maxLength={BOOKING_FIELD_MAX.accountCode}
                  {...form.getInputProps('accountCode')}
                />
              </Stack>
            </Fieldset>
            <LimitedTextarea
              label="Notes"
              rows={2}
              maxLength={BOOKING_FIELD_MAX.notes}
              {...form.getInputProps('notes')}
            />

            {isShuttle ? (
              <Stack gap="xs" component="section" aria-labelledby="additional-stops-title">
                <Group justify="space-between">
                  <Title order={3} size="h5" id="additional-stops-title">
                    Additional Stops
                  </Title>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<Plus size={14} aria-hidden />}
                    onClick={() => setStops((current) => [...current, newStop(current)])}
                  >
                    Add Stop
                  </Button>
                </Group>
                {values.stops.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No extra stops yet.
                  </Text>
                ) : (
                  <StopList stops={values.stops} errors={form.errors} onChange={setStops} />
                )}
                <Paper
                  withBorder
                  p="sm"
                  radius="md"
                  bg="gray.0"
                  component="section"
                  aria-labelledby="shuttle-summary-title"
                >
                  <Title order={3} size="h6" id="shuttle-summary-title" mb={4}>
                    Shuttle Run Summary
                  </Title>
                  <Group gap="xl">
                    <Text size="sm">
                      Total Passengers: <strong>{summary.totalPassengers}</strong>
                    </Text>
                    <Text size="sm">
                      Number of Stops: <strong>{summary.numberOfStops}</strong>
                    </Text>
                  </Group>
                </Paper>
              </Stack>
            ) : null}

            <Paper withBorder p="sm" radius="md" component="section" aria-label="Route quote">
              <Group justify="space-between" mb={6}>
                <Text size="sm" fw={600}>
                  Route quote
                </Text>
                {values.customerId ? (
                  <Badge size="xs" variant="light">
                    Saved customer
                  </Badge>
                ) : null}
              </Group>
              <RouteQuote editor={editor} />
              {editing?.fareSetByHand ? (
                // The quote is the route's price; the booking keeps the typed fare (decision 94).
                <Text size="sm" mt={6}>
                  Fare set by hand: <strong>{formatDollars(editing.fareAmount)}</strong>.{' '}
                  {values.isFareFromRoute
                    ? 'Saving prices it from the route.'
                    : 'Route changes keep it.'}
                </Text>
              ) : null}
            </Paper>
          </Stack>
        </ScrollArea>
      </form>
    </Paper>
  );
}
