import { describe, expect, it } from 'vitest';
import { bookingChangedRefusal, fieldChanges } from './changes';

describe('fieldChanges', () => {
  it('lists only the fields whose value changed, with from and to', () => {
    expect(
      fieldChanges(
        { notes: 'a', numPassengers: 2, pickupTime: '2026-03-05T10:00:00.000Z' },
        { notes: 'b', numPassengers: 2 },
      ),
    ).toEqual({ notes: { from: 'a', to: 'b' } });
  });

  it('ignores fields left out and treats a missing value as null', () => {
    expect(
      fieldChanges<Record<string, unknown>>(
        { notes: 'a' },
        { notes: undefined, accountCode: 'ACME' },
      ),
    ).toEqual({
      accountCode: { from: null, to: 'ACME' },
    });
  });
});

describe('bookingChangedRefusal', () => {
  const at = '2026-03-05T01:42:00.000Z'; // 9:42 am in Perth

  it('says who changed the booking and when, in the business time zone', () => {
    expect(bookingChangedRefusal({ at, by: { name: 'Mia Tran' } }, 'Australia/Perth')).toBe(
      'This booking was changed by Mia Tran at 9:42 am, after you opened it. Look at it again before saving.',
    );
  });

  it('says it was the dispatcher themself, or someone else when nobody is recorded', () => {
    expect(bookingChangedRefusal({ at, by: 'you' }, 'Australia/Perth')).toContain(
      'changed by you in another window at 9:42 am',
    );
    expect(bookingChangedRefusal({ at, by: null }, 'Australia/Perth')).toContain(
      'changed by someone else at 9:42 am',
    );
  });
});
