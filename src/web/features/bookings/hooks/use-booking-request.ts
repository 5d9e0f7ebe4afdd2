import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from '@mantine/form';
import type { z } from 'zod';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { schemaError } from '../../../lib/schema-error';
import type { TripLink } from '../../fares/utils/trip-params';
import { useCreateOnlineBooking } from '../api/create-online-booking';
import { CONFIRM_PICKUP_MESSAGE, pickupNeedsConfirmation } from '../components/pickup-time-input';
import {
  CONTACT_FIELDS,
  TRIP_FIELDS,
  toBookingInput,
  type ContactValues,
} from '../utils/online-booking-input';
import { clearContactDraft, loadContactDraft, saveContactDraft } from '../utils/contact-draft';
import {
  clearConfirmation,
  loadConfirmation,
  saveConfirmation,
  type BookedTrip,
} from '../utils/kept-confirmation';
import { perthWallTimeToIso } from '../utils/perth-time';
import { splitFieldErrors } from '../utils/server-field-errors';

export const PAST_PICKUP_MESSAGE = 'Choose a pickup time in the future';
export const NO_ROUTE_MESSAGE =
  'Enter the pickup and dropoff and press Calculate Fare before booking.';
export const NOT_PRICED_MESSAGE = 'Press Calculate Fare to price your trip before booking.';
/** Above the list of refusals that have no field on screen, each named by its label. */
export const NOT_SENT_MESSAGE = 'Your booking was not sent:';

export function isPast(wallTime: string): boolean {
  return Date.parse(perthWallTimeToIso(wallTime)) <= Date.now();
}

/**
 * The server's email rule, fetched with the submit path: zod and the booking
 * schema are not part of /book's first download (decision 34).
 */
async function loadEmailSchema(): Promise<z.ZodType> {
  const { OnlineBookingInputSchema } = await import('../../../../domain/bookings/online-booking');
  return OnlineBookingInputSchema.shape.email;
}

type BookingRequestOptions = {
  /** The Book Now link's query string: a booking made from it is shown again on a reload. */
  link: string;
  /** The trip to book, or null while none is planned yet. */
  trip: TripLink | null;
  childSeats: number;
  /** The trip fields are on screen (the visitor is planning), so their errors show there. */
  isPlanning: boolean;
  /** The planner's Pickup and Dropoff are both filled (read when there is no trip). */
  hasBothAddresses: () => boolean;
};

/**
 * The /book form's contact details and its submit: checks them, sends one
 * request per filled-in form (a retry reuses its Idempotency-Key), and sorts
 * the server's field errors onto the fields on screen.
 */
export function useBookingRequest({
  link,
  trip,
  childSeats,
  isPlanning,
  hasBothAddresses,
}: BookingRequestOptions) {
  const createBooking = useCreateOnlineBooking();
  // One key per filled-in form: a double click or a retry of the same form
  // reuses it, so the server creates one booking; a changed form gets a new one.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const isSending = useRef(false);
  const emailSchema = useRef<z.ZodType | null>(null);
  const [booked, setBooked] = useState<BookedTrip | null>(null);
  const [tripFieldErrors, setTripFieldErrors] = useState<Record<string, string>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<ContactValues>({
    initialValues: {
      passengerName: '',
      phone: '',
      email: '',
      pickupTime: null,
      pickupTimeConfirmed: false,
      assistanceNeeds: '',
      notes: '',
    },
    onValuesChange: saveContactDraft,
    validate: {
      passengerName: (value) => (value.trim() ? null : 'Enter your full name'),
      phone: (value) => (value.trim() ? null : 'Enter your mobile phone number'),
      // The schema is loaded before the form is checked (submit below).
      email: (value) =>
        emailSchema.current
          ? schemaError(emailSchema.current, value.trim(), 'Enter a valid email address')
          : null,
      pickupTime: (value, values) => {
        if (!value) return 'Choose the pickup date and time';
        if (isPast(value)) return PAST_PICKUP_MESSAGE;
        return pickupNeedsConfirmation(value, values.pickupTimeConfirmed)
          ? CONFIRM_PICKUP_MESSAGE
          : null;
      },
    },
  });

  // After hydration, which renders the prerendered empty form.
  const { setValues } = form;
  useEffect(() => {
    const kept = loadConfirmation(link);
    if (kept) {
      setBooked(kept);
      return;
    }
    // A booking of another trip begins: the last one's confirmation is done with.
    clearConfirmation();
    const draft = loadContactDraft();
    if (draft) setValues(draft);
  }, [link, setValues]);

  // Take keyboard and screen reader users to the first field to fix.
  function focusFirstError(errors: Record<string, unknown>) {
    const first = CONTACT_FIELDS.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  }

  const submitForm = form.onSubmit(async (values) => {
    if (isSending.current) return;
    setFormError(null);
    setOtherErrors([]);
    setTripFieldErrors({});
    if (!trip || !values.pickupTime) {
      // Changed after pricing (Change trip) or not yet priced: say only what is missing.
      setFormError(hasBothAddresses() ? NOT_PRICED_MESSAGE : NO_ROUTE_MESSAGE);
      return;
    }
    const body = toBookingInput(trip, values, perthWallTimeToIso(values.pickupTime), childSeats);
    const bodyText = JSON.stringify(body);
    if (attempt.current?.body !== bodyText) {
      attempt.current = { key: newIdempotencyKey(), body: bodyText };
    }

    isSending.current = true;
    try {
      const { booking } = await createBooking.mutateAsync({
        booking: body,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      clearContactDraft();
      saveConfirmation(link, { booking, trip });
      setBooked({ booking, trip });
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (isApiError(error) && error.fields) {
        const onScreen = isPlanning ? [...CONTACT_FIELDS, ...TRIP_FIELDS] : CONTACT_FIELDS;
        const { shown, other } = splitFieldErrors(error.fields, onScreen);
        const contactErrors = Object.fromEntries(
          Object.entries(shown).filter(([name]) => name in values),
        );
        form.setErrors(contactErrors);
        focusFirstError(contactErrors);
        setTripFieldErrors(shown);
        setOtherErrors(other);
        // The server's message names the field as the API does ('vehicleType: …'):
        // the list says each by its label, under one plain line.
        if (other.length > 0) setFormError(NOT_SENT_MESSAGE);
        else if (Object.keys(shown).length === 0) setFormError(error.message);
      } else {
        setFormError(errorMessage(error));
      }
    } finally {
      isSending.current = false;
    }
  }, focusFirstError);

  /** Fetches the email rule while the visitor fills in the form, so the submit does not wait. */
  function prepareChecks() {
    if (emailSchema.current) return;
    loadEmailSchema().then(
      (schema) => (emailSchema.current = schema),
      () => undefined, // the submit fetches it again and says so if it still fails
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    loadEmailSchema().then(
      (schema) => {
        emailSchema.current = schema;
        submitForm();
      },
      (error: unknown) => setFormError(errorMessage(error)),
    );
  }

  return {
    form,
    handleSubmit,
    prepareChecks,
    booked,
    isPending: createBooking.isPending,
    tripFieldErrors,
    otherErrors,
    formError,
  };
}
