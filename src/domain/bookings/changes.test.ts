import { describe, expect, it } from 'vitest';
import { fieldChanges } from './changes';

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
