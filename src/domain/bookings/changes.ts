import { changedByText, type Changer } from '../api/changed-since-words';
import { formatDate, formatDateTime, formatTimeOfDay, type DateInput } from '../format/dates';

/** One changed field as a booking event records it. */
export type FieldChange = { from: unknown; to: unknown };

/**
 * The fields whose value differs between `before` and `after`, as
 * `{ field: { from, to } }`. Only the keys of `after` are compared; values
 * are compared as JSON, so pass comparable forms (ISO strings, cents).
 */
export function fieldChanges<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

/** What the booking history calls each edited field; the map positions go with their address. */
const EDITED_FIELD_NAMES: Record<string, string> = {
  pickupLocation: 'pickup',
  pickupLat: 'pickup',
  pickupLng: 'pickup',
  dropoffLocation: 'destination',
  dropoffLat: 'destination',
  dropoffLng: 'destination',
  pickupTime: 'pickup time',
  numPassengers: 'passengers',
  numSuitcases: 'suitcases',
  wheelchairPassengers: 'wheelchair passengers',
  childSeats: 'child seats',
  assistanceNeeds: 'assistance needs',
  notes: 'notes',
  passengerName: 'passenger name',
  phone: 'phone',
  vehicleType: 'vehicle type',
  accountCode: 'account code',
  distanceMeters: 'route',
  durationSeconds: 'route',
  fareAmount: 'fare',
  fareSetByHand: 'fare',
};

/** How the history names the fare of an edit that priced it from the route again (Use route price). */
const FARE_FROM_ROUTE = 'fare (priced from the route)';

/**
 * 'pickup time 11:45 pm → 11:55 pm' from an edit's recorded pickup time
 * (each with its date when the day changed, in the zone given); null when
 * the change does not hold both times.
 */
function pickupTimeChangeText(change: unknown, timeZone: string): string | null {
  const { from, to } = (change ?? {}) as Partial<FieldChange>;
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) return null;
  const sameDay = formatDate(from, timeZone) === formatDate(to, timeZone);
  const when = (instant: string) =>
    sameDay ? formatTimeOfDay(instant, timeZone) : formatDateTime(instant, timeZone);
  return `pickup time ${when(from)} → ${when(to)}`;
}

/**
 * An edit's fields in words, each once ('destination, pickup time, route,
 * fare'), for the booking's history and the Timeline; a field without a name
 * here is shown as it is stored. A hand-set fare given back to the route
 * reads 'fare (priced from the route)', whether or not the amount moved.
 * Given the business's zone, the pickup time says from what to what
 * ('pickup time 11:45 pm → 11:55 pm'): a tester read 'changed pickup time'
 * on the Timeline and could not tell the new time.
 */
export function editedFieldsText(changes: Record<string, unknown>, timeZone?: string): string {
  const handFare = changes.fareSetByHand as { to?: unknown } | undefined;
  const isFareFromRoute = handFare?.to === false;
  const names = Object.keys(changes).map((field) => {
    if (field === 'pickupTime' && timeZone) {
      const text = pickupTimeChangeText(changes[field], timeZone);
      if (text) return text;
    }
    const name = EDITED_FIELD_NAMES[field] ?? field;
    return name === 'fare' && isFareFromRoute ? FARE_FROM_ROUTE : name;
  });
  return [...new Set(names)].join(', ');
}

/** Who made the change an out-of-date edit ran into: a named person, the dispatcher themself, or nobody known. */
export type BookingChanger = Changer;

/**
 * The refusal of an edit made on an out-of-date form: the booking was changed
 * (its updatedAt is not the expectedUpdatedAt the form was filled from) after
 * the dispatcher opened it. Says when and, when known, by whom, so they look
 * at it again rather than overwrite a colleague's change unseen.
 */
export function bookingChangedRefusal(
  change: { at: DateInput; by: BookingChanger },
  timeZone: string,
): string {
  const at = formatTimeOfDay(change.at, timeZone);
  return `This booking was changed ${changedByText(change.by)} at ${at}, after you opened it. Look at it again before saving.`;
}
