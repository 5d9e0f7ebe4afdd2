import { describe, expect, it } from 'vitest';
import {
  documentCorrectionRefusal,
  documentDatesRefusal,
  EXPIRY_BEFORE_ISSUE,
  ISSUE_DATE_IN_FUTURE,
} from './document-dates';

const TODAY = '2026-03-11';
const future = { field: 'issuedOn', message: ISSUE_DATE_IN_FUTURE };
const beforeIssue = { field: 'expiresOn', message: EXPIRY_BEFORE_ISSUE };

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
      expect(documentDatesRefusal({ issuedOn, expiresOn }, TODAY)).toEqual(refusal);
    },
  );

  it('refuses an expiry before the issue date', () => {
    expect(
      documentDatesRefusal({ issuedOn: '2026-03-01', expiresOn: '2026-02-28' }, TODAY),
    ).toEqual(beforeIssue);
  });

  it('names the issue date first when both are wrong', () => {
    expect(
      documentDatesRefusal({ issuedOn: '2026-04-01', expiresOn: '2026-03-20' }, TODAY),
    ).toEqual(future);
  });
});

describe('documentCorrectionRefusal', () => {
  const recorded = { issuedOn: '2026-01-01', expiresOn: '2027-01-01' };

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
    const entered = { issuedOn: '2026-06-01', expiresOn: '2026-05-01' };
    expect(documentCorrectionRefusal(entered, { expiresOn: '2029-06-01' }, TODAY)).toBeNull();
  });
});
