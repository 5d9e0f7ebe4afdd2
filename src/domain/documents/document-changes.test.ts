import { describe, expect, it } from 'vitest';
import {
  documentChangeText,
  documentFactChanges,
  editWithdrawsVerification,
} from './document-changes';

const recorded = { number: 'L123', issuedOn: '2021-03-12', expiresOn: '2026-03-12' };

describe('documentFactChanges', () => {
  it('lists each number or date the edit changes, from and to', () => {
    expect(
      documentFactChanges(recorded, { expiresOn: '2027-03-12', number: 'L124', notes: 'x' } as {
        expiresOn: string;
        number: string;
      }),
    ).toEqual([
      { field: 'number', from: 'L123', to: 'L124' },
      { field: 'expiresOn', from: '2026-03-12', to: '2027-03-12' },
    ]);
  });

  it('finds no change in the same values sent again, nor in fields not sent', () => {
    expect(documentFactChanges(recorded, { expiresOn: '2026-03-12', number: 'L123' })).toEqual([]);
    expect(documentFactChanges(recorded, {})).toEqual([]);
    // An empty number is no number.
    expect(documentFactChanges({ ...recorded, number: '' }, { number: '' })).toEqual([]);
  });

  it('records a date given or cleared as from or to null', () => {
    expect(
      documentFactChanges({ ...recorded, issuedOn: null }, { issuedOn: '2021-03-12' }),
    ).toEqual([{ field: 'issuedOn', from: null, to: '2021-03-12' }]);
    expect(documentFactChanges(recorded, { expiresOn: null })).toEqual([
      { field: 'expiresOn', from: '2026-03-12', to: null },
    ]);
  });
});

describe('editWithdrawsVerification', () => {
  const change = [{ field: 'expiresOn', from: '2026-03-12', to: '2027-03-12' }] as const;
  it('withdraws a verification when a number or date changes, and only then', () => {
    expect(editWithdrawsVerification('verified', change)).toBe(true);
    expect(editWithdrawsVerification('verified', [])).toBe(false);
    expect(editWithdrawsVerification('unverified', change)).toBe(false);
    // A rejection is of the paper, which an edit does not replace.
    expect(editWithdrawsVerification('rejected', change)).toBe(false);
  });
});

describe('documentChangeText', () => {
  it("says what changed, from and to, who and when, in the app's date style", () => {
    expect(
      documentChangeText(
        {
          field: 'expiresOn',
          from: '2026-03-12',
          to: '2027-03-12',
          changedBy: 'Alex Admin',
          // 8 pm UTC on the 28th is already the 29th in Perth.
          changedAt: '2026-11-28T20:00:00.000Z',
          verificationWithdrawn: true,
        },
        'Australia/Perth',
      ),
    ).toBe(
      'Expiry changed from Mar 12, 2026 to Mar 12, 2027 by Alex Admin on Nov 29, 2026; the verification was withdrawn',
    );
  });

  it('writes a number as it is, and a value not given as such', () => {
    const base = {
      changedBy: null,
      changedAt: '2026-11-29T02:00:00.000Z',
      verificationWithdrawn: false,
    };
    expect(
      documentChangeText({ ...base, field: 'number', from: null, to: 'PTD-9' }, 'Australia/Perth'),
    ).toBe('Number changed from not given to PTD-9 by a former user on Nov 29, 2026');
    expect(
      documentChangeText(
        { ...base, field: 'issuedOn', from: '2021-03-12', to: null },
        'Australia/Perth',
      ),
    ).toBe('Issue date changed from Mar 12, 2021 to not given by a former user on Nov 29, 2026');
  });
});
