// What a tab keeps for itself across a reload (sessionStorage): a form's
// draft, the calculator, a booking just made. Storage turned off, full or
// refused: nothing is kept, and nothing fails.

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage turned off in the browser.
    return null;
  }
}

/** The object kept under `key` in this tab; null when none, unreadable, or not an object. */
export function readTabRecord(key: string): Record<string, unknown> | null {
  const text = storage()?.getItem(key);
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` in this tab; false when it could not be kept (full or refused). */
export function writeTabRecord(key: string, value: object): boolean {
  try {
    const kept = storage();
    kept?.setItem(key, JSON.stringify(value));
    return kept !== null;
  } catch {
    return false;
  }
}

/** Forgets what this tab kept under `key`. */
export function forgetTabRecord(key: string): void {
  storage()?.removeItem(key);
}
