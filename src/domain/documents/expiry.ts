import { formatDate } from '../format/dates';
import { expiryRequired } from './document-dates';

/** Spec section 9: a document is "expiring" within this many days of its expiry date. */
export const EXPIRY_WARNING_DAYS = 30;

/** Days before expiry when the admins (and the driver) are reminded, each once. */
export const REMINDER_THRESHOLD_DAYS = [30, 14, 7, 1] as const;

/**
 * The reminder once a document has expired, kept beside the others (a
 * threshold of one day past). Only the business's own documents get it: a
 * driver's or vehicle's expired paper suspends, and the suspension is mailed.
 */
export const EXPIRED_REMINDER_THRESHOLD = -1;

/** Spec section 4: a driver or vehicle document is valid, expiring or expired. */
export const EXPIRY_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type ExpiryStatus = (typeof EXPIRY_STATUSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `today` to `date`, both calendar dates (yyyy-mm-dd). */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The calendar date `days` after `date` (yyyy-mm-dd). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Valid, expiring (expires within EXPIRY_WARNING_DAYS) or expired (its
 * expiry date has passed: a document is good through the day it expires).
 * A document without an expiry date is valid.
 */
export function expiryStatus(expiresOn: string | null, today: string): ExpiryStatus {
  if (expiresOn === null) return 'valid';
  const days = daysBetween(today, expiresOn);
  if (days < 0) return 'expired';
  if (days <= EXPIRY_WARNING_DAYS) return 'expiring';
  return 'valid';
}

/**
 * Why a new version (Renew) may not carry `expiresOn`, following the field's
 * name, or null. A renewal that has already expired would be 'expired' the
 * moment it is uploaded; an expiry of today is still good through the day.
 */
export function renewalExpiryRefusal(expiresOn: string | null, today: string): string | null {
  return expiresOn !== null && expiryStatus(expiresOn, today) === 'expired'
    ? 'cannot be in the past: a renewed document has a current expiry, or none'
    : null;
}

/**
 * The reminder due for a document expiring in `daysLeft` days: the smallest
 * threshold not below it (a document first seen 5 days out gets the 7-day
 * one, then the 1-day one), or null when none is due. Past its expiry, the
 * expired reminder when `onceExpired` asks for it, else none.
 */
export function reminderThreshold(
  daysLeft: number,
  { onceExpired = false }: { onceExpired?: boolean } = {},
): number | null {
  if (daysLeft < 0) return onceExpired ? EXPIRED_REMINDER_THRESHOLD : null;
  const due = REMINDER_THRESHOLD_DAYS.filter((threshold) => daysLeft <= threshold);
  return due.length > 0 ? Math.min(...due) : null;
}

/** Why an expired document's Verify is refused, in the card and in the server's 400. */
export const EXPIRED_NOT_VERIFIABLE =
  'An expired document cannot be verified: upload the renewed one, or correct the expiry date if it was entered wrong.';

/** Why Verify is refused for a paper that always expires but was stored without its date. */
export const UNDATED_NOT_VERIFIABLE =
  'is not given: this document always expires; enter the expiry date printed on it, then verify it.';

/**
 * Verifying says the admin checked a document that lets the driver work; an
 * expired one cannot (a verified, expired licence would read as in order to
 * anyone who sees only the tick), nor one that always expires stored without
 * its date (nothing could remind or suspend for it). `status` is
 * `expiryStatus` of the document on the business's date today, as the server
 * reports it. The problem for the expiry field, or null when the document
 * may be verified.
 */
export function verificationRefusal(document: {
  status: ExpiryStatus;
  expiresOn: string | null;
  type?: string;
  driverId?: string | null;
  vehicleId?: string | null;
}): string | null {
  // An expired status implies an expiry date; the check keeps the types honest.
  if (document.status === 'expired' && document.expiresOn !== null) {
    return `expired on ${formatDate(document.expiresOn)}. ${EXPIRED_NOT_VERIFIABLE}`;
  }
  const subject = document.driverId ? 'driver' : document.vehicleId ? 'vehicle' : null;
  if (document.expiresOn === null && document.type && subject) {
    return expiryRequired({ subject, type: document.type }) ? UNDATED_NOT_VERIFIABLE : null;
  }
  return null;
}
