import { formatDate } from '../format/dates';

// An admin's correction of a recorded driver's or vehicle's document: what
// is kept of it, and what it does to the verification.

/**
 * The facts printed on the paper that a verification vouches for: a change
 * of one is recorded (who, when, from, to) and withdraws the verification.
 * Notes are the office's own words, not the paper's: not among them.
 */
export const DOCUMENT_FACT_FIELDS = ['number', 'issuedOn', 'expiresOn'] as const;
export type DocumentFactField = (typeof DOCUMENT_FACT_FIELDS)[number];

/** How a fact is named in the sentence that records its change. */
const FACT_LABELS: Record<DocumentFactField, string> = {
  number: 'Number',
  issuedOn: 'Issue date',
  expiresOn: 'Expiry',
};

/** One fact changed: from and to as stored (an ISO date, a number), null when not given. */
export type DocumentFactChange = {
  field: DocumentFactField;
  from: string | null;
  to: string | null;
};

/** A recorded change, as the API returns it. */
export type RecordedDocumentChange = DocumentFactChange & {
  /** The name of who changed it; null once that user is gone. */
  changedBy: string | null;
  /** ISO instant. */
  changedAt: string;
  /** The document was verified before this change, and no longer is. */
  verificationWithdrawn: boolean;
};

/** An empty number is no number: '' and null are the same fact. */
function fact(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

/**
 * The facts an edit changes: each field it writes whose value differs from
 * the recorded one. Sending the same date again changes nothing (and so
 * withdraws nothing).
 */
export function documentFactChanges(
  recorded: { number: string | null; issuedOn: string | null; expiresOn: string | null },
  edit: { number?: string | null; issuedOn?: string | null; expiresOn?: string | null },
): DocumentFactChange[] {
  return DOCUMENT_FACT_FIELDS.flatMap((field) => {
    if (edit[field] === undefined) return [];
    const from = fact(recorded[field]);
    const to = fact(edit[field]);
    return from === to ? [] : [{ field, from, to }];
  });
}

/**
 * A verification says an admin checked these facts against the paper; once
 * one of them changes it no longer covers the document, which waits to be
 * verified again (as a new upload does). A rejection stands: it is about
 * the paper, which an edit does not replace.
 */
export function editWithdrawsVerification(
  verification: 'unverified' | 'verified' | 'rejected',
  changes: readonly DocumentFactChange[],
): boolean {
  return verification === 'verified' && changes.length > 0;
}

function factText(field: DocumentFactField, value: string | null): string {
  if (value === null) return 'not given';
  return field === 'number' ? value : formatDate(value);
}

/**
 * The card's line for a recorded change, dates in the app's style:
 * 'Expiry changed from Mar 12, 2026 to Mar 12, 2027 by Alex Admin on Nov 29,
 * 2026; the verification was withdrawn'. `timeZone`: the business's, for
 * the day of the change.
 */
export function documentChangeText(change: RecordedDocumentChange, timeZone?: string): string {
  const who = change.changedBy ?? 'a former user';
  const text = `${FACT_LABELS[change.field]} changed from ${factText(change.field, change.from)} to ${factText(
    change.field,
    change.to,
  )} by ${who} on ${formatDate(change.changedAt, timeZone)}`;
  return change.verificationWithdrawn ? `${text}; the verification was withdrawn` : text;
}
