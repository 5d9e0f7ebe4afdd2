import { describe, expect, it } from 'vitest';
import { bookingChangedRefusal, editedFieldsText, fieldChanges } from './changes';

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

describe('editedFieldsText', () => {
  const PERTH = 'Australia/Perth';

  it('names each field once, and says from what to what the pickup time moved', () => {
    const changes = {
      pickupTime: { from: '2026-11-30T15:45:00.000Z', to: '2026-11-30T15:55:00.000Z' },
      dropoffLocation: { from: 'A', to: 'B' },
      dropoffLat: { from: 1, to: 2 },
    };
    expect(editedFieldsText(changes, PERTH)).toBe('pickup time 11:45 pm → 11:55 pm, destination');
    // Without the zone (no way to say the time): the field's name alone.
    expect(editedFieldsText(changes)).toBe('pickup time, destination');
  });

  it('gives each time its date when the pickup moved to another day', () => {
    expect(
      editedFieldsText(
        { pickupTime: { from: '2026-11-30T15:45:00.000Z', to: '2026-11-30T16:15:00.000Z' } },
        PERTH,
      ),
    ).toBe('pickup time Nov 30, 2026, 11:45 pm → Dec 1, 2026, 12:15 am');
  });

  it('falls back to the name when the recorded change holds no times', () => {
    expect(editedFieldsText({ pickupTime: { from: null, to: 'soon' } }, PERTH)).toBe('pickup time');
  });
});
