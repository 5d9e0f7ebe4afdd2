import { describe, expect, it } from 'vitest';
import { changedSinceOpenedRefusal } from './changed-since-words';

describe('changedSinceOpenedRefusal', () => {
  const at = '2026-03-05T01:42:00.000Z'; // 9:42 am in Perth

  it('names what changed, who changed it and when, and says to reload', () => {
    expect(
      changedSinceOpenedRefusal(
        'The Fares setting',
        { at, by: { name: 'Mia Tran' } },
        'Australia/Perth',
      ),
    ).toBe(
      'The Fares setting was changed by Mia Tran at 9:42 am, after you opened it. Reload to see the change, then make yours again.',
    );
  });

  it('says it was the editor themself, or someone else when nobody is recorded', () => {
    expect(
      changedSinceOpenedRefusal('This driver', { at, by: 'you' }, 'Australia/Perth'),
    ).toContain('This driver was changed by you in another window at 9:42 am');
    expect(
      changedSinceOpenedRefusal('This vehicle', { at, by: null }, 'Australia/Perth'),
    ).toContain('This vehicle was changed by someone else at 9:42 am');
  });
});
