// The dates a driver's or vehicle's document may carry (spec 2.7): one rule
// for every route that writes one and for the upload form before it sends.

/** Why an issue date after today is refused: the 400 naming issuedOn, and the form's field. */
export const ISSUE_DATE_IN_FUTURE =
  'cannot be after today: enter the date the document was issued, as printed on it';

/** Why an expiry before the issue date is refused (400 naming expiresOn). */
export const EXPIRY_BEFORE_ISSUE = 'must be on or after the issue date';

/** Why a paper that always expires is refused without its expiry date (400 naming expiresOn). */
export const EXPIRY_REQUIRED =
  'is required: this document always expires; enter the expiry date printed on it';

/**
 * The spec's required types whose papers always carry an expiry date: a WA
 * driver's licence, a PTD authorization, a vehicle's registration, its PTV
 * authorization and its insurance policy all run out and are renewed. A
 * national police clearance states the day it was issued and no end, so its
 * expiry stays optional, as does that of a type an admin added.
 */
export const ALWAYS_EXPIRING_TYPES = {
  driver: ['licence', 'ptd'],
  vehicle: ['registration', 'ptv', 'insurance'],
} as const satisfies Record<'driver' | 'vehicle', readonly string[]>;

/** A paper of a subject: whose (driver or vehicle) and which type key. */
export type PaperKind = { subject: 'driver' | 'vehicle'; type: string };

/** Whether a document of this kind must be recorded with its expiry date. */
export function expiryRequired(paper: PaperKind): boolean {
  return (ALWAYS_EXPIRING_TYPES[paper.subject] as readonly string[]).includes(paper.type);
}

/** A refusal of a document's dates: the field at fault and what is wrong with it. */
export type DocumentDatesRefusal = { field: 'issuedOn' | 'expiresOn'; message: string };

/** A paper that always expires, recorded (or about to be) without its expiry date. */
export function missingExpiryRefusal(
  paper: PaperKind,
  expiresOn: string | null | undefined,
): DocumentDatesRefusal | null {
  return !expiresOn && expiryRequired(paper)
    ? { field: 'expiresOn', message: EXPIRY_REQUIRED }
    : null;
}

/**
 * An issue date after `today` (the business's calendar day, yyyy-mm-dd)
 * cannot be: nobody holds a document not yet issued. Today itself is allowed.
 * ISO dates compare as text.
 */
export function issueDateRefusal(
  issuedOn: string | null | undefined,
  today: string,
): DocumentDatesRefusal | null {
  return issuedOn && issuedOn > today ? { field: 'issuedOn', message: ISSUE_DATE_IN_FUTURE } : null;
}

/** A document cannot expire before it was issued; either date may be missing. */
export function expiryBeforeIssueRefusal(dates: {
  issuedOn?: string | null;
  expiresOn?: string | null;
}): DocumentDatesRefusal | null {
  return dates.issuedOn && dates.expiresOn && dates.expiresOn < dates.issuedOn
    ? { field: 'expiresOn', message: EXPIRY_BEFORE_ISSUE }
    : null;
}

/**
 * Why a document of this kind with these dates cannot be recorded on
 * `today`, or null: the issue date first, then a missing expiry on a paper
 * that always expires, then the expiry against the issue date.
 */
export function documentDatesRefusal(
  paper: PaperKind,
  dates: { issuedOn?: string | null; expiresOn?: string | null },
  today: string,
): DocumentDatesRefusal | null {
  return (
    issueDateRefusal(dates.issuedOn, today) ??
    missingExpiryRefusal(paper, dates.expiresOn) ??
    expiryBeforeIssueRefusal(dates)
  );
}

/**
 * Why a correction of a recorded document's dates is refused, or null. The
 * issue date is checked when it is written: one stored before the rule does
 * not hold back a correction of the expiry. Likewise an expiry is required
 * when the edit writes one (clearing it is refused on a paper that always
 * expires): a paper stored undated before the rule may still have its number
 * or notes corrected. The expiry is checked against the issue date the
 * document will have.
 */
export function documentCorrectionRefusal(
  recorded: PaperKind & { issuedOn: string | null; expiresOn: string | null },
  change: { issuedOn?: string | null; expiresOn?: string | null },
  today: string,
): DocumentDatesRefusal | null {
  return (
    issueDateRefusal(change.issuedOn, today) ??
    (change.expiresOn !== undefined ? missingExpiryRefusal(recorded, change.expiresOn) : null) ??
    expiryBeforeIssueRefusal({
      issuedOn: change.issuedOn !== undefined ? change.issuedOn : recorded.issuedOn,
      expiresOn: change.expiresOn !== undefined ? change.expiresOn : recorded.expiresOn,
    })
  );
}
