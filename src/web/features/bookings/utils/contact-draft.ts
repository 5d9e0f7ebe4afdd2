import type { ContactValues } from './online-booking-input';
import { forgetTabRecord, readTabRecord, writeTabRecord } from '../../../lib/tab-storage';

/**
 * What the visitor typed about themselves on /book survives a reload of the
 * tab: kept in sessionStorage (this tab only, gone when it closes) and
 * removed once the booking is made. The trip comes from the page's address;
 * the confirmation of a night or short-notice pickup is asked again.
 */
const STORAGE_KEY = 'perth-chauffeur-ops:book-contact';
/**
 * The child seats count is the trip's, not the visitor's: kept with the
 * Book Now link it was chosen on, so a reload puts it back (and the $5 fee
 * with it) and another trip starts from its own link.
 */
const CHILD_SEATS_KEY = 'perth-chauffeur-ops:book-child-seats';

export type ContactDraft = Omit<ContactValues, 'pickupTimeConfirmed'>;

const TEXT_FIELDS = ['passengerName', 'phone', 'email', 'assistanceNeeds', 'notes'] as const;

function isBlank(draft: ContactDraft): boolean {
  return draft.pickupTime === null && TEXT_FIELDS.every((field) => draft[field].trim() === '');
}

export function saveContactDraft(values: ContactValues): void {
  const { pickupTimeConfirmed: _confirmed, ...draft } = values;
  // Full or refused: the form is simply not kept.
  if (isBlank(draft)) forgetTabRecord(STORAGE_KEY);
  else writeTabRecord(STORAGE_KEY, draft);
}

/** Forgets the contact details and the child seats, once the booking is made. */
export function clearContactDraft(): void {
  forgetTabRecord(STORAGE_KEY);
  forgetTabRecord(CHILD_SEATS_KEY);
}

/** Keeps the child seats chosen for the trip of this Book Now link (its query string). */
export function saveChildSeatsDraft(link: string, childSeats: number): void {
  // Full or refused: the link's own count comes back on a reload.
  writeTabRecord(CHILD_SEATS_KEY, { link, childSeats });
}

/** The child seats chosen for this link's trip in this tab, or null. */
export function loadChildSeatsDraft(link: string): number | null {
  const stored = readTabRecord(CHILD_SEATS_KEY);
  const childSeats = stored?.childSeats;
  return stored?.link === link &&
    typeof childSeats === 'number' &&
    Number.isInteger(childSeats) &&
    childSeats >= 0
    ? childSeats
    : null;
}

/** The fields typed in this tab, if they still have the form's shape. */
export function loadContactDraft(): ContactDraft | null {
  const stored = readTabRecord(STORAGE_KEY);
  if (!stored) return null;
  const pickupTime = typeof stored.pickupTime === 'string' ? stored.pickupTime : null;
  const draft = { pickupTime } as ContactDraft;
  for (const field of TEXT_FIELDS) {
    const value = stored[field];
    if (typeof value !== 'string') return null;
    draft[field] = value;
  }
  return isBlank(draft) ? null : draft;
}
