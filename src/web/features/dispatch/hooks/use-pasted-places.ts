import { useRef } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { confidentPlaceMatch } from '../../../../domain/maps';
import { findPlaceForText } from '../../maps/api/find-place';
import type { BookingFormValues } from '../utils/booking-form-state';

export const UNPRICED_PICKUP_MESSAGE =
  'Choose the pickup from the suggestions so the fare can be priced';
export const UNPRICED_DROPOFF_MESSAGE =
  'Choose the destination from the suggestions so the fare can be priced';
/** At a pasted address the form found on the map itself, until the dispatcher changes it. */
export const PASTE_MATCHED_NOTE = 'Matched from the pasted text: check it';

const PASTED_PLACES = [
  {
    location: 'pickupLocation',
    lat: 'pickupLat',
    lng: 'pickupLng',
    unmatched: UNPRICED_PICKUP_MESSAGE,
  },
  {
    location: 'dropoffLocation',
    lat: 'dropoffLat',
    lng: 'dropoffLng',
    unmatched: UNPRICED_DROPOFF_MESSAGE,
  },
] as const;

/**
 * Paste Booking's pickup and destination, found on the map by the form
 * itself: each pasted address is asked of the address fields' search, and
 * the suggestion it plainly names (confidentPlaceMatch) fills the field with
 * its address and coordinates, as choosing it would, so the route and fare
 * follow. The field says so ('Matched from the pasted text: check it'), or,
 * with no plain answer, keeps the text and says to choose from the
 * suggestions. An answer comes too late, and is dropped, once the field was
 * changed or another booking loaded into the form (`forget`).
 */
export function usePastedPlaces(form: UseFormReturnType<BookingFormValues>) {
  const queryClient = useQueryClient();
  // The form's current load: an answer for an earlier one is not this form's.
  const load = useRef(0);

  function forget() {
    load.current += 1;
  }

  async function findOne(values: BookingFormValues, field: (typeof PASTED_PLACES)[number]) {
    const text = values[field.location];
    if (text.trim() === '' || values[field.lat] !== null) return;
    const started = load.current;
    let note: string = field.unmatched;
    let place: Awaited<ReturnType<typeof findPlaceForText>> = null;
    try {
      place = await findPlaceForText(queryClient, text, confidentPlaceMatch);
      if (place) note = PASTE_MATCHED_NOTE;
    } catch (error) {
      // The search failing leaves the text for the dispatcher to choose, as no match does.
      console.error('Could not look up the pasted address', error);
    }
    const current = form.getValues();
    const isUnchanged =
      load.current === started &&
      current[field.location] === text &&
      current[field.lat] === null &&
      current[field.lng] === null;
    if (!isUnchanged) return;
    if (place) {
      form.setFieldValue(field.location, place.address);
      form.setFieldValue(field.lat, place.lat);
      form.setFieldValue(field.lng, place.lng);
    }
    form.setFieldValue('pasteNotes', { ...form.getValues().pasteNotes, [field.location]: note });
  }

  /** Looks up the pasted addresses of the form as just loaded with `values`. */
  function findPastedPlaces(values: BookingFormValues) {
    forget();
    for (const field of PASTED_PLACES) void findOne(values, field);
  }

  return { findPastedPlaces, forget };
}
