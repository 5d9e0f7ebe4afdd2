import type { ReactNode } from 'react';
import type { KnownPlace } from '../../../../domain/maps/known-places';
import {
  endsWhereItStarts,
  SAME_PLACE_DESTINATION_WARNING,
} from '../../../../domain/maps/same-place';
import { AddressAutocomplete } from '../../maps/components/address-autocomplete';
import { SamePlaceWarning } from '../../maps/components/same-place-warning';
import { addressValueAt } from '../../maps/types';
import type { BookingEditor } from '../hooks/use-booking-editor';
import type { BookingFormValues } from '../utils/booking-form-state';
import { stringError, withPasteNote } from './booking-field-text';

/** A pasted address's note (usePastedPlaces), unless its error already says the same. */
function addressPasteNote(note: string | undefined, error: string | undefined): ReactNode {
  return withPasteNote(note === error ? undefined : note);
}

type BookingPlaceFieldsProps = {
  form: BookingEditor['form'];
  /** The dispatcher changed the field: what Paste Booking said at it no longer holds. */
  onPasteNoteDropped: (field: keyof BookingFormValues['pasteNotes']) => void;
  /** The linked customer's home and saved addresses, offered at both fields. */
  knownPlaces: readonly KnownPlace[];
};

/** The New Booking panel's Pickup Location and Destination, with their suggestions. */
export function BookingPlaceFields({
  form,
  onPasteNoteDropped,
  knownPlaces,
}: BookingPlaceFieldsProps) {
  const values = form.values;
  const pickupError = stringError(form.errors.pickupLocation);
  const dropoffError = stringError(form.errors.dropoffLocation);
  // A shuttle run's stops make a loop back to the pickup a real route.
  const isSamePlace = endsWhereItStarts({
    pickup: { text: values.pickupLocation, lat: values.pickupLat, lng: values.pickupLng },
    dropoff: { text: values.dropoffLocation, lat: values.dropoffLat, lng: values.dropoffLng },
    stops: values.isShuttle ? values.stops.map((stop) => ({ text: stop.location })) : [],
  });

  return (
    <>
      <AddressAutocomplete
        label="Pickup Location"
        placeholder="Enter pickup address"
        description={addressPasteNote(values.pasteNotes.pickupLocation, pickupError)}
        required
        knownPlaces={knownPlaces}
        value={addressValueAt(values.pickupLocation, values.pickupLat, values.pickupLng)}
        onChange={({ text, place }) => {
          form.setValues({
            pickupLocation: text,
            pickupLat: place?.lat ?? null,
            pickupLng: place?.lng ?? null,
          });
          onPasteNoteDropped('pickupLocation');
        }}
        error={pickupError}
      />
      <AddressAutocomplete
        label="Destination"
        placeholder="Enter destination address"
        description={addressPasteNote(values.pasteNotes.dropoffLocation, dropoffError)}
        required
        knownPlaces={knownPlaces}
        value={addressValueAt(values.dropoffLocation, values.dropoffLat, values.dropoffLng)}
        onChange={({ text, place }) => {
          form.setValues({
            dropoffLocation: text,
            dropoffLat: place?.lat ?? null,
            dropoffLng: place?.lng ?? null,
          });
          onPasteNoteDropped('dropoffLocation');
        }}
        error={dropoffError}
      />
      {isSamePlace ? <SamePlaceWarning message={SAME_PLACE_DESTINATION_WARNING} /> : null}
    </>
  );
}
