import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCH, DispatchSettingsSchema, SET_OFF_WINDOW_MINUTES } from './dispatch';

const problemOf = (value: object) => {
  const result = DispatchSettingsSchema.safeParse(value);
  return result.success ? null : result.error.issues.map((issue) => [issue.path, issue.message]);
};

describe('DispatchSettingsSchema', () => {
  it('defaults to a 5 minute acknowledgement timeout, a 10 minute no-show wait and a 2 hour set-off window', () => {
    expect(DEFAULT_DISPATCH).toEqual({
      acknowledgementTimeoutMinutes: 5,
      noShowWaitMinutes: 10,
      setOffWindowMinutes: 120,
    });
    expect(problemOf(DEFAULT_DISPATCH)).toBeNull();
  });

  it('takes a set-off window from half an hour to a day, in whole minutes', () => {
    expect(SET_OFF_WINDOW_MINUTES).toMatchObject({ min: 30, max: 1440 });
    for (const minutes of [30, 360, 1440]) {
      expect(problemOf({ ...DEFAULT_DISPATCH, setOffWindowMinutes: minutes })).toBeNull();
    }
    expect(problemOf({ ...DEFAULT_DISPATCH, setOffWindowMinutes: 29 })).toEqual([
      [['setOffWindowMinutes'], 'must be at least 30 minutes'],
    ]);
    expect(problemOf({ ...DEFAULT_DISPATCH, setOffWindowMinutes: 1441 })).toEqual([
      [['setOffWindowMinutes'], 'must be at most 1440 minutes'],
    ]);
    expect(problemOf({ ...DEFAULT_DISPATCH, setOffWindowMinutes: 90.5 })).toEqual([
      [['setOffWindowMinutes'], 'enter whole minutes'],
    ]);
  });

  it('needs the set-off window: a body without it is refused, naming it', () => {
    const { setOffWindowMinutes: _left, ...withoutWindow } = DEFAULT_DISPATCH;
    expect(problemOf(withoutWindow)).toEqual([
      [['setOffWindowMinutes'], 'enter a number of minutes'],
    ]);
  });

  it('says "1 minute" for a bound of one', () => {
    expect(problemOf({ ...DEFAULT_DISPATCH, noShowWaitMinutes: 0 })).toEqual([
      [['noShowWaitMinutes'], 'must be at least 1 minute'],
    ]);
  });
});
