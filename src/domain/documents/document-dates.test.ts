import { describe, expect, it } from 'vitest';
import {
  documentCorrectionRefusal,
  documentDatesRefusal,
  EXPIRY_BEFORE_ISSUE,
  EXPIRY_REQUIRED,
  expiryRequired,
  ISSUE_DATE_IN_FUTURE,
} from './document-dates';

const TODAY = '2026-03-11';
const future = { field: 'issuedOn', message: ISSUE_DATE_IN_FUTURE };
const beforeIssue = { field: 'expiresOn', message: EXPIRY_BEFORE_ISSUE };
const noExpiry = { field: 'expiresOn', message: EXPIRY_REQUIRED };
/** A paper whose expiry is optional: most cases below are about the dates alone. */
const police = { subject: 'driver', type: 'police-certificate' } as const;
const licence = { subject: 'driver', type: 'licence' } as const;

describe('documentDatesRefusal', () => {
  it.each([
    ['2026-03-12', null, future],
    ['9999-12-31', '9999-12-31', future],
    ['2027-01-01', '2030-01-01', future],
    ['2026-03-11', null, null],
    ['2026-03-10', '2029-03-10', null],
    [null, '2020-01-01', null],
    [null, null, null],
  ] as const)(
    'a document issued %s, expiring %s, recorded on 2026-03-11: %o',
    (issuedOn, expiresOn, refusal) => {
      expect(documentDatesRefusal(police, { issuedOn, expiresOn }, TODAY)).toEqual(refusal);
    },
  );

  it('refuses an expiry before the issue date', () => {
    expect(
      documentDatesRefusal(police, { issuedOn: '2026-03-01', expiresOn: '2026-02-28' }, TODAY),
    ).toEqual(beforeIssue);
  });

  it('requires the expiry of the papers that always expire, and only theirs', () => {
    for (const paper of [
      licence,
      { subject: 'driver', type: 'ptd' },
      { subject: 'vehicle', type: 'registration' },
      { subject: 'vehicle', type: 'ptv' },
      { subject: 'vehicle', type: 'insurance' },
    ] as const) {
      expect(expiryRequired(paper)).toBe(true);
      expect(
        documentDatesRefusal(paper, { issuedOn: '2026-01-01', expiresOn: null }, TODAY),
      ).toEqual(noExpiry);
      expect(documentDatesRefusal(paper, { expiresOn: '2030-01-01' }, TODAY)).toBeNull();
    }
    expect(expiryRequired(police)).toBe(false);
    expect(expiryRequired({ subject: 'driver', type: 'medical-certificate' })).toBe(false);
    // A vehicle type key on a driver's paper is not the vehicle's registration.
    expect(expiryRequired({ subject: 'driver', type: 'registration' })).toBe(false);
  });

  it('names the issue date first when both are wrong', () => {
    expect(
      documentDatesRefusal(police, { issuedOn: '2026-04-01', expiresOn: '2026-03-20' }, TODAY),
    ).toEqual(future);
  });
});

describe('documentCorrectionRefusal', () => {
  const recorded = { ...licence, issuedOn: '2026-01-01', expiresOn: '2027-01-01' };

  it('refuses a new issue date after today, and allows today', () => {
    expect(documentCorrectionRefusal(recorded, { issuedOn: '2026-03-12' }, TODAY)).toEqual(future);
    expect(documentCorrectionRefusal(recorded, { issuedOn: TODAY }, TODAY)).toBeNull();
  });

  it('checks an expiry against the recorded issue date, or the new one', () => {
    expect(documentCorrectionRefusal(recorded, { expiresOn: '2025-12-31' }, TODAY)).toEqual(
      beforeIssue,
    );
    expect(
      documentCorrectionRefusal(
        recorded,
        { issuedOn: '2025-01-01', expiresOn: '2025-12-31' },
        TODAY,
      ),
    ).toBeNull();
    expect(
      documentCorrectionRefusal(recorded, { issuedOn: null, expiresOn: '2020-01-01' }, TODAY),
    ).toBeNull();
  });

  it('lets an expiry be corrected on a document recorded with a later issue date', () => {
    const entered = { ...licence, issuedOn: '2026-06-01', expiresOn: '2026-05-01' };
    expect(documentCorrectionRefusal(entered, { expiresOn: '2029-06-01' }, TODAY)).toBeNull();
  });

  it('refuses clearing the expiry of a paper that always expires, not editing an undated one', () => {
    expect(documentCorrectionRefusal(recorded, { expiresOn: null }, TODAY)).toEqual(noExpiry);
    expect(
      documentCorrectionRefusal({ ...recorded, ...police }, { expiresOn: null }, TODAY),
    ).toBeNull();
    // Stored undated before the rule: its number or notes may still be corrected.
    const undated = { ...licence, issuedOn: null, expiresOn: null };
    expect(documentCorrectionRefusal(undated, { issuedOn: '2026-01-01' }, TODAY)).toBeNull();
    expect(documentCorrectionRefusal(undated, { expiresOn: '2031-01-01' }, TODAY)).toBeNull();
  });
});
