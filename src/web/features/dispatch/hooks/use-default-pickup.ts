import { useEffect } from 'react';
import { defaultPickupTime, wallTimeToIso } from '../../../../domain/bookings/wall-time';
import type { BookingFormValues } from '../utils/booking-form-state';

/**
 * When the form's default pickup time passes, in ms since the epoch, or
 * null when the pickup time is the dispatcher's. The default is a
 * suggestion: left open past it, the panel moves it on, so that a pickup
 * the dispatcher never chose does not become 'already passed'.
 */
export function defaultPickupPassesAt(values: BookingFormValues): number | null {
  if (values.isPickupTimeSet || !values.pickupTime) return null;
  return Date.parse(wallTimeToIso(values.pickupTime));
}

/** The default pickup time that follows one passed at `passedAt`: now, rounded up, and after it. */
export function nextDefaultPickup(passedAt: number, now: Date): string {
  // At the very step (9:05:00.000) now rounded up is the time just passed.
  return defaultPickupTime(new Date(Math.max(now.getTime(), passedAt + 1)));
}

/**
 * A default pickup the dispatcher left alone stays now, rounded up: when the
 * clock passes it, it moves on (a restored draft's at once). Nothing moves
 * while a saved booking is being edited.
 */
export function useDefaultPickupRoll(
  values: BookingFormValues,
  isEditing: boolean,
  setPickupTime: (value: string) => void,
) {
  const pickupPassesAt = isEditing ? null : defaultPickupPassesAt(values);
  useEffect(() => {
    if (pickupPassesAt === null) return;
    const timer = setTimeout(
      () => setPickupTime(nextDefaultPickup(pickupPassesAt, new Date())),
      Math.max(0, pickupPassesAt - Date.now()) + 1,
    );
    return () => clearTimeout(timer);
  }, [pickupPassesAt, setPickupTime]);
}
