import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Booking, CreateBookingInput } from '../../../../domain/bookings/api';
import { toWallTime } from '../../../../domain/bookings/wall-time';
import {
  bookingToFormValues,
  draftToFormValues,
  emptyBookingForm,
  fareError,
  isNewBookingDraft,
  toCreateBookingInput,
  type BookingFormValues,
} from '../utils/booking-form-state';
import { changedBookingFields, changesWhatTheFormShows } from '../utils/booking-form-changes';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCreateBooking } from '../api/create-booking';
import { useUpdateBooking } from '../api/update-booking';
import { useBooking } from '../api/get-booking';
import { useBookingRoute } from './use-booking-route';
import { usePastedPlaces } from './use-pasted-places';
import { fieldErrorsFor, pastedBookingErrors } from './booking-editor-refusals';
import { useMe } from '../../auth/api/get-me';
import {
  clearNewBookingDraft,
  isBlankNewBooking,
  loadNewBookingDraft,
  saveNewBookingDraft,
} from '../utils/new-booking-draft';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLeaveGuard } from '../../../lib/leave-guard';
import { formatDollars } from '../../../lib/format-dollars';
import {
  CONFIRM_PICKUP_MESSAGE,
  pickupNeedsConfirmation,
} from '../../bookings/components/pickup-time-input';
import { showBookingCreatedNotice } from '../components/booking-created-notice';
import { refusedNotice } from '../utils/refused-notice';
import { BACKGROUND_NOTICE_PRIORITY } from '../../../lib/notice-priority';
import {
  focusBookingDetails,
  showFareField,
  showFirstField,
  showFirstRefusedField,
} from '../utils/dispatch-focus';

const SET_ASIDE_NOTICE = 'new-booking-set-aside';
/**
 * A refused Save or create. A 409 stays until closed (refusedNotice), but it
 * speaks of the form it refused: it goes when the form is filled afresh (Reload,
 * another booking, a new one), as the form's own red box does.
 */
const REFUSED_NOTICE = 'booking-form-refused';

/** A new booking put aside while another is edited, with the key its Save would send. */
type SetAsideBooking = {
  values: BookingFormValues;
  idempotencyKey: string | null;
  isPasted: boolean;
};

type BookingEditorOptions = {
  /**
   * Selects a booking in the dispatch list, as a click on its row does. The
   * $0 notice's Edit Booking selects the booking it opens, as a dispatcher
   * who selects a row and presses Edit has it selected.
   */
  onSelectBooking: (booking: Booking) => void;
};

/**
 * The New Booking panel's state, held by the page so the bottom bar's Save
 * Booking and the top bar's tools reach it: the form, the booking being
 * edited (if any), and the one Idempotency-Key of the form being filled.
 */
export function useBookingEditor({ onSelectBooking }: BookingEditorOptions) {
  const userId = useMe().data?.user.id ?? null;
  const [restored] = useState(() => (userId ? loadNewBookingDraft(userId) : null));
  const form = useForm<BookingFormValues>({
    mode: 'controlled',
    initialValues: restored?.values ?? emptyBookingForm(new Date()),
    validate: {
      pickupLocation: (value) => (value.trim() ? null : 'Enter the pickup address'),
      dropoffLocation: (value) => (value.trim() ? null : 'Enter the destination address'),
      pickupTime: (value) => (value ? null : 'Choose the pickup date and time'),
      fareAmount: fareError,
      stops: {
        location: (value, values) =>
          values.isShuttle && !value.trim() ? 'Enter the stop location' : null,
      },
    },
  });
  const [editing, setEditing] = useState<Booking | null>(null);
  // The form holds a new booking filled in by Paste Booking: see pastedBookingErrors.
  const [isPasted, setPasted] = useState(false);
  // The pickup wall time the dispatcher confirmed (at night or within the hour).
  const [confirmedPickup, setConfirmedPickup] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ message: string; details: string[] } | null>(null);
  // Each form put in the panel (emptied, opened, pasted) is drawn afresh: a
  // field's own notes ('At most 7: kept 1') belong to the form they were said on.
  const [formKey, setFormKey] = useState(0);
  // One key per filled form: a retried submit of the same form cannot book twice.
  const idempotencyKey = useRef<string | null>(restored?.idempotencyKey ?? null);
  // The new booking being typed when Edit opened another one: it comes back
  // when the form would next go blank (decision 114).
  const setAside = useRef<SetAsideBooking | null>(null);
  // Leaving asks first while something typed would be lost: an edit's
  // changes go with the page; a new booking, and one set aside, are kept
  // for the tab (decision 90), so only closing or reloading it asks.
  const hasUnsavedEdit = editing !== null && form.isDirty();
  useLeaveGuard(
    hasUnsavedEdit ||
      setAside.current !== null ||
      (editing === null && !isBlankNewBooking(form.values)),
    { keptInTab: !hasUnsavedEdit },
  );
  // The booking being edited as the server has it now: live events put each
  // change into this read (live-cache), as they do into the list beside it.
  const latest = useBooking(editing?.id ?? null).data?.booking ?? null;
  const newer =
    editing &&
    latest?.id === editing.id &&
    Date.parse(latest.updatedAt) > Date.parse(editing.updatedAt)
      ? latest
      : null;
  // Changed by someone else since it was opened, where the form shows it: the
  // panel says so and offers Reload, never replacing what was typed unasked.
  const changedElsewhere =
    editing && newer && changesWhatTheFormShows(editing, newer) ? newer : null;
  // The version Save is made on: a change the form does not show (a driver
  // given, their Accept) is taken as seen, so it does not refuse the edit.
  const editedVersion = newer && !changedElsewhere ? newer : editing;
  const route = useBookingRoute(form.values);
  const pastedPlaces = usePastedPlaces(form);
  const createBooking = useCreateBooking();
  const updateBooking = useUpdateBooking();
  // The new booking being typed is kept for this tab, and comes back after a
  // reload (decision 90). The route guard has loaded the viewer by now.
  useEffect(() => {
    if (!restored) return;
    notifications.show({
      title: 'Draft restored',
      message: 'The new booking you were typing is back in the form.',
    });
  }, [restored]);
  useEffect(() => {
    if (!userId) return;
    const aside = setAside.current;
    if (editing && aside) {
      saveNewBookingDraft(userId, { values: aside.values, idempotencyKey: aside.idempotencyKey });
    } else if (editing || isBlankNewBooking(form.values)) clearNewBookingDraft();
    else
      saveNewBookingDraft(userId, { values: form.values, idempotencyKey: idempotencyKey.current });
  }, [userId, editing, form.values]);

  function clear(values: BookingFormValues) {
    setFormKey((key) => key + 1);
    pastedPlaces.forget();
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setFormError(null);
    notifications.hide(REFUSED_NOTICE);
    // A confirmation is for the booking it was ticked on: the next one made
    // in the same minute has the same default time and must be asked again.
    setConfirmedPickup(null);
  }

  /** A blank new booking, or the one set aside when Edit opened another (decision 114). */
  function reset() {
    const aside = setAside.current;
    setAside.current = null;
    idempotencyKey.current = aside?.idempotencyKey ?? null;
    setEditing(null);
    setPasted(aside?.isPasted ?? false);
    clear(aside?.values ?? emptyBookingForm(new Date()));
    if (aside) {
      notifications.hide(SET_ASIDE_NOTICE);
      notifications.show({
        title: 'New booking back',
        message: 'The new booking you were typing is back in the form.',
      });
    }
  }

  function loadBooking(booking: Booking) {
    // A half-typed new booking is kept, not overwritten by the one opened.
    if (!editing && !isBlankNewBooking(form.getValues())) {
      setAside.current = {
        values: form.getValues(),
        idempotencyKey: idempotencyKey.current,
        isPasted,
      };
      notifications.show({
        id: SET_ASIDE_NOTICE,
        title: 'New booking set aside',
        message: `It comes back when you leave booking ${booking.reference} (New booking).`,
      });
    }
    idempotencyKey.current = null;
    setEditing(booking);
    setPasted(false);
    clear(bookingToFormValues(booking));
  }
  /** The details panel's Edit: the booking in the form, from its top, focus on its first field. */
  function editBooking(booking: Booking) {
    loadBooking(booking);
    showFirstField();
  }
  /** The $0 notice's Edit Booking: the booking selected in the list, open on its Fare field. */
  function openUnpricedBooking(booking: Booking) {
    onSelectBooking(booking);
    loadBooking(booking);
    showFareField();
  }
  const latestOpenUnpricedBooking = useRef(openUnpricedBooking);
  useLayoutEffect(() => {
    latestOpenUnpricedBooking.current = openUnpricedBooking;
  });

  /**
   * A new booking with a closed booking's details (decision 89), but not its
   * notes: they tell why that trip ended, and the new trip's driver reads them.
   * Nor its fare: a new booking is priced from its route.
   */
  function bookAgain(booking: Booking) {
    idempotencyKey.current = null;
    setEditing(null);
    setPasted(false);
    clear({ ...bookingToFormValues(booking), notes: '', fareAmount: null });
  }

  function loadDraft(draft: Partial<CreateBookingInput>) {
    idempotencyKey.current = null;
    const values = draftToFormValues(draft, new Date(), editing ? undefined : form.getValues());
    clear(values);
    // Pasted text's places are looked up on the map (again, after an account
    // code filled into the pasted booking); a saved booking's never are.
    if (isNewBookingDraft(draft) || (isPasted && !editing)) pastedPlaces.findPastedPlaces(values);
    // An account code filled into a pasted booking leaves it a pasted booking.
    setPasted((wasPasted) => isNewBookingDraft(draft) || (wasPasted && !editing));
    setEditing(null);
  }

  function showFailure(error: unknown, title: string) {
    if (isApiError(error) && error.fields) {
      const { shown, other } = fieldErrorsFor(error.fields);
      form.setErrors(shown);
      setFormError({ message: error.message, details: other });
    } else {
      setFormError({ message: errorMessage(error), details: [] });
    }
    // A refusal again replaces the last one (a notice's id is shown once).
    notifications.hide(REFUSED_NOTICE);
    notifications.show({ ...refusedNotice(title, error), id: REFUSED_NOTICE });
  }

  async function create(values: BookingFormValues) {
    idempotencyKey.current ??= newIdempotencyKey();
    // A reload while the request is out keeps the key: saving again cannot book twice.
    if (userId) saveNewBookingDraft(userId, { values, idempotencyKey: idempotencyKey.current });
    try {
      const input = toCreateBookingInput(values, route.route);
      const { bookings } = await createBooking.mutateAsync({
        input,
        idempotencyKey: idempotencyKey.current,
      });
      // A booking created at $0 offers Edit Booking, on its fare: the notice
      // outlives this render, so it opens the booking with the latest editor.
      showBookingCreatedNotice(bookings, (booking) => latestOpenUnpricedBooking.current(booking));
      reset();
      showFirstField();
    } catch (error) {
      console.error('Error creating booking', error);
      showFailure(error, 'Could not create the booking');
    }
  }

  async function save(booking: Booking, values: BookingFormValues) {
    const changes = changedBookingFields(values, booking, route.route);
    if (Object.keys(changes).length === 0) {
      notifications.show({
        title: 'Nothing to save',
        message: `Booking ${booking.reference} has no changes.`,
      });
      return;
    }
    try {
      const { booking: saved } = await updateBooking.mutateAsync({
        id: booking.id,
        input: changes,
        expectedUpdatedAt: booking.updatedAt,
      });
      // A new route, vehicle or child seat count prices the trip again (decision 87): say so.
      // A fare set by hand is kept (decision 94): if it moved, someone else set it, not this edit.
      const repriced =
        changes.fareAmount === undefined &&
        !saved.fareSetByHand &&
        saved.fareAmount !== booking.fareAmount;
      notifications.show({
        color: 'green',
        title: 'Booking saved',
        message: repriced
          ? `Reference ${saved.reference}. The fare is now ${formatDollars(saved.fareAmount)} (was ${formatDollars(booking.fareAmount)}).`
          : `Reference ${saved.reference}`,
        // A new fare stays to be read, giving way to the next answers.
        ...(repriced ? { autoClose: false, priority: BACKGROUND_NOTICE_PRIORITY } : {}),
      });
      loadBooking(saved);
      // The form is drawn afresh and the Save pressed was disabled while saving:
      // the focus goes to the saved booking's details, which show the change.
      onSelectBooking(saved);
      focusBookingDetails();
    } catch (error) {
      console.error('Error updating booking', error);
      showFailure(error, 'Could not save the booking');
    }
  }

  /** A new booking's time, or an edited booking's changed time, may need confirming. */
  const asksToConfirmPickup = !editing || toWallTime(editing.pickupTime) !== form.values.pickupTime;
  const pickup = {
    confirmed: confirmedPickup !== null && confirmedPickup === form.values.pickupTime,
    askToConfirm: asksToConfirmPickup,
    confirm(confirmed: boolean) {
      setConfirmedPickup(confirmed ? form.values.pickupTime : null);
      if (confirmed) form.clearFieldError('pickupTime');
    },
  };

  /** Creates the new booking, or saves the one being edited. */
  async function submit() {
    setFormError(null);
    const validation = form.validate();
    const pasted = isPasted ? pastedBookingErrors(form.values, route.quote) : null;
    if (pasted && (Object.keys(pasted.fields).length > 0 || pasted.form)) {
      form.setErrors({ ...pasted.fields, ...validation.errors });
      if (pasted.form) setFormError({ message: pasted.form, details: [] });
      showFirstRefusedField();
      return;
    }
    if (validation.hasErrors) {
      showFirstRefusedField();
      return;
    }
    if (pickup.askToConfirm && pickupNeedsConfirmation(form.values.pickupTime, pickup.confirmed)) {
      form.setFieldError('pickupTime', CONFIRM_PICKUP_MESSAGE);
      showFirstRefusedField();
      return;
    }
    if (editedVersion) await save(editedVersion, form.values);
    else await create(form.values);
  }

  return {
    form,
    formKey,
    editing,
    formError,
    /** The booking as it is now, when someone else changed what the form shows since it was opened. */
    changedElsewhere,
    /** Opens the booking again as it is now: what was typed in the form is dropped. */
    reloadEditing() {
      if (changedElsewhere) loadBooking(changedElsewhere);
    },
    route,
    pickup,
    isSubmitting: createBooking.isPending || updateBooking.isPending,
    submit,
    reset,
    editBooking,
    loadDraft,
    bookAgain,
  };
}

export type BookingEditor = ReturnType<typeof useBookingEditor>;
