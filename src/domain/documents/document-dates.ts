// The dates a driver's or vehicle's document may carry (spec 2.7): one rule
// for every route that writes one and for the upload form before it sends.

/** Why an issue date after today is refused: the 400 naming issuedOn, and the form's field. */
export const ISSUE_DATE_IN_FUTURE =
  'cannot be after today: enter the date the document was issued, as printed on it';

/** Why an expiry before the issue date is refused (400 naming expiresOn). */
export const EXPIRY_BEFORE_ISSUE = 'must be on or after the issue date';

/** A refusal of a document's dates: the field at fault and what is wrong with it. */
export type DocumentDatesRefusal = { field: 'issuedOn' | 'expiresOn'; message: string };

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
 * Why a document with these dates cannot be recorded on `today`, or null:
 * the issue date first, then the expiry against it.
 */
export function documentDatesRefusal(
  dates: { issuedOn?: string | null; expiresOn?: string | null },
  today: string,
): DocumentDatesRefusal | null {
  return issueDateRefusal(dates.issuedOn, today) ?? expiryBeforeIssueRefusal(dates);
}

/**
 * Why a correction of a recorded document's dates is refused, or null. The
 * issue date is checked when it is written: one stored before the rule does
 * not hold back a correction of the expiry. The expiry is checked against
 * the issue date the document will have.
 */
export function documentCorrectionRefusal(
  recorded: { issuedOn: string | null; expiresOn: string | null },
  change: { issuedOn?: string | null; expiresOn?: string | null },
  today: string,
): DocumentDatesRefusal | null {
  return (
    issueDateRefusal(change.issuedOn, today) ??
    expiryBeforeIssueRefusal({
      issuedOn: change.issuedOn !== undefined ? change.issuedOn : recorded.issuedOn,
      expiresOn: change.expiresOn !== undefined ? change.expiresOn : recorded.expiresOn,
    })
  );
}
