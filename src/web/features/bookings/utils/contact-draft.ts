import type { ContactValues } from './online-booking-input';

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

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage turned off in the browser: the form is not kept.
    return null;
  }
}

function isBlank(draft: ContactDraft): boolean {
  return draft.pickupTime === null && TEXT_FIELDS.every((field) => draft[field].trim() === '');
}

export function saveContactDraft(values: ContactValues): void {
  const { pickupTimeConfirmed: _confirmed, ...draft } = values;
  try {
    if (isBlank(draft)) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Full or refused: the form is simply not kept.
  }
}

/** Forgets the contact details and the child seats, once the booking is made. */
export function clearContactDraft(): void {
  storage()?.removeItem(STORAGE_KEY);
  storage()?.removeItem(CHILD_SEATS_KEY);
}

/** Keeps the child seats chosen for the trip of this Book Now link (its query string). */
export function saveChildSeatsDraft(link: string, childSeats: number): void {
  try {
    storage()?.setItem(CHILD_SEATS_KEY, JSON.stringify({ link, childSeats }));
  } catch {
    // Full or refused: the link's own count comes back on a reload.
  }
}

/** The child seats chosen for this link's trip in this tab, or null. */
export function loadChildSeatsDraft(link: string): number | null {
  const text = storage()?.getItem(CHILD_SEATS_KEY);
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as Record<string, unknown>;
    const { childSeats } = stored;
    return stored.link === link &&
      typeof childSeats === 'number' &&
      Number.isInteger(childSeats) &&
      childSeats >= 0
      ? childSeats
      : null;
  } catch {
    return null;
  }
}

/** The fields typed in this tab, if they still have the form's shape. */
export function loadContactDraft(): ContactDraft | null {
  const text = storage()?.getItem(STORAGE_KEY);
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as Record<string, unknown>;
    const pickupTime = typeof stored.pickupTime === 'string' ? stored.pickupTime : null;
    const draft = { pickupTime } as ContactDraft;
    for (const field of TEXT_FIELDS) {
      const value = stored[field];
      if (typeof value !== 'string') return null;
      draft[field] = value;
    }
    return isBlank(draft) ? null : draft;
  } catch {
    return null;
  }
}
