import { emptyBookingForm, type BookingFormValues } from './booking-form-state';
import { forgetTabRecord, readTabRecord, writeTabRecord } from '../../../lib/tab-storage';

/**
 * The new booking being typed survives a reload of the tab (decision 90):
 * kept in sessionStorage (this tab only, gone when it closes), under the
 * dispatcher who typed it, with the Idempotency-Key of a save already tried,
 * so that saving again after a reload cannot book twice.
 */
const STORAGE_KEY = 'perth-chauffeur-ops:new-booking-draft';

export type NewBookingDraft = {
  values: BookingFormValues;
  /** Set once Save Booking was pressed for this form. */
  idempotencyKey: string | null;
};

type Stored = NewBookingDraft & { userId: string };

/** Whether nothing was typed: an empty form, whatever its default pickup time (never one set). */
export function isBlankNewBooking(values: BookingFormValues): boolean {
  const empty = emptyBookingForm(new Date());
  return (Object.keys(empty) as (keyof BookingFormValues)[]).every(
    (key) =>
      (key === 'pickupTime' && !values.isPickupTimeSet) ||
      // Whoever chose it, a vehicle the form opens with is nothing typed.
      (key === 'vehicleTypeFrom' && values.vehicleType === empty.vehicleType) ||
      JSON.stringify(values[key]) === JSON.stringify(empty[key]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored values, if they still have the form's shape (an older build may have stored others). */
function formValues(value: unknown): BookingFormValues | null {
  if (!isRecord(value)) return null;
  const empty = emptyBookingForm(new Date());
  // A field added since the draft was stored starts blank: a reload onto a
  // new build keeps the draft rather than dropping it. But for the pickup
  // time: a build that did not say whether it was set kept it as it is; and
  // the vehicle, which a customer's preference then never replaces.
  const record: Record<string, unknown> = {
    ...empty,
    isPickupTimeSet: true,
    vehicleTypeFrom: 'dispatcher',
    ...value,
  };
  for (const [key, blank] of Object.entries(empty)) {
    const stored = record[key];
    const fits =
      blank === null
        ? stored === null || typeof stored === 'number' || typeof stored === 'string'
        : Array.isArray(blank)
          ? Array.isArray(stored)
          : isRecord(blank)
            ? isRecord(stored)
            : typeof stored === typeof blank;
    if (!fits) return null;
  }
  return record as BookingFormValues;
}

export function saveNewBookingDraft(userId: string, draft: NewBookingDraft): void {
  // Full or refused: the draft is simply not kept.
  writeTabRecord(STORAGE_KEY, { ...draft, userId } satisfies Stored);
}

export function clearNewBookingDraft(): void {
  forgetTabRecord(STORAGE_KEY);
}

/** The draft this dispatcher left in this tab, or null. */
export function loadNewBookingDraft(userId: string): NewBookingDraft | null {
  const stored = readTabRecord(STORAGE_KEY) as Partial<Stored> | null;
  if (!stored) return null;
  const values = formValues(stored.values);
  if (stored.userId !== userId || !values || isBlankNewBooking(values)) return null;
  const key = typeof stored.idempotencyKey === 'string' ? stored.idempotencyKey : null;
  return { values, idempotencyKey: key };
}
