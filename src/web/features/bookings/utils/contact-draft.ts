import type { ContactValues } from './online-booking-input';

/**
 * What the visitor typed about themselves on /book survives a reload of the
 * tab: kept in sessionStorage (this tab only, gone when it closes) and
 * removed once the booking is made. The trip comes from the page's address;
 * the confirmation of a night or short-notice pickup is asked again.
 */
const STORAGE_KEY = 'perth-chauffeur-ops:book-contact';

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

export function clearContactDraft(): void {
  storage()?.removeItem(STORAGE_KEY);
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
