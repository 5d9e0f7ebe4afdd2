import type { FormEvent } from 'react';
import { Alert, Button, Card, List, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CircleAlert } from 'lucide-react';
import {
  MAX_ASSISTANCE_NEEDS_LENGTH,
  ONLINE_BOOKING_FIELD_MAX,
} from '../../../../domain/bookings/limits';
import { isPast, PAST_PICKUP_MESSAGE } from '../hooks/use-booking-request';
import type { ContactValues } from '../utils/online-booking-input';
import { perthToday } from '../utils/perth-time';
import { PickupTimeInput } from './pickup-time-input';
import { LimitedTextInput } from '../../../components/limited-text-input';
import { LimitedTextarea } from '../../../components/limited-textarea';

type BookingDetailsFormProps = {
  form: UseFormReturnType<ContactValues>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Called when a field first gets focus: the form fetches what its checks need. */
  onFirstFocus: () => void;
  isPending: boolean;
  /** What went wrong with the whole request, and the server's errors for no field on screen. */
  formError: string | null;
  otherErrors: string[];
  /** The id of why the trip cannot be booked as it is (the vehicle's refusal): disables Request booking. */
  blockedBy?: string | null;
};

/** /book's "Your details" card: the passenger, the pickup time and the Request booking button. */
export function BookingDetailsForm({
  form,
  onSubmit,
  onFirstFocus,
  isPending,
  formError,
  otherErrors,
  blockedBy = null,
}: BookingDetailsFormProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="details-heading">
      <form onSubmit={onSubmit} onFocus={onFirstFocus} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="details-heading">
            Your details
          </Title>
          {formError ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<CircleAlert size={18} aria-hidden />}
            >
              {formError}
              {otherErrors.length > 0 ? (
                <List size="sm" mt="xs">
                  {otherErrors.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
          ) : null}
          <LimitedTextInput
            label="Full name"
            autoComplete="name"
            required
            maxLength={ONLINE_BOOKING_FIELD_MAX.passengerName}
            key={form.key('passengerName')}
            {...form.getInputProps('passengerName')}
          />
          <TextInput
            label="Mobile phone"
            type="tel"
            autoComplete="tel"
            placeholder="+61 4xx xxx xxx"
            required
            maxLength={ONLINE_BOOKING_FIELD_MAX.phone}
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            description="Optional"
            maxLength={ONLINE_BOOKING_FIELD_MAX.email}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PickupTimeInput
            label="Pickup date and time"
            description="Perth time"
            minDate={perthToday(new Date())}
            required
            value={form.values.pickupTime}
            onChange={(value) => form.setFieldValue('pickupTime', value)}
            confirmed={form.values.pickupTimeConfirmed}
            onConfirmedChange={(confirmed) => {
              form.setFieldValue('pickupTimeConfirmed', confirmed);
              if (confirmed) form.clearFieldError('pickupTime');
            }}
            // A time already passed is refused as soon as it is typed: no confirming it.
            error={
              form.values.pickupTime && isPast(form.values.pickupTime)
                ? PAST_PICKUP_MESSAGE
                : form.errors.pickupTime
            }
          />
          <LimitedTextInput
            label="Assistance needs"
            description="Optional: e.g. walking frame, assistance animal, help with bags"
            maxLength={MAX_ASSISTANCE_NEEDS_LENGTH}
            key={form.key('assistanceNeeds')}
            {...form.getInputProps('assistanceNeeds')}
          />
          <LimitedTextarea
            label="Notes"
            placeholder="e.g. flight number, child seat ages, where to meet"
            rows={3}
            maxLength={ONLINE_BOOKING_FIELD_MAX.notes}
            key={form.key('notes')}
            {...form.getInputProps('notes')}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            disabled={isPending || blockedBy !== null}
            aria-describedby={blockedBy ?? undefined}
          >
            {isPending ? 'Sending...' : 'Request booking'}
          </Button>
          <Text size="xs" c="dimmed">
            This is a request: dispatch confirms every booking by phone.
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
