import { describe, expect, it } from 'vitest';
import { burstOf, lockoutState, type LockoutPolicy } from './sign-in-lockout';

const HOUR = 60 * 60 * 1000;
const POLICY: LockoutPolicy = { limit: 100, windowMs: HOUR };
const NOW = new Date('2026-03-01T10:00:00Z');
const at = (msBeforeNow: number) => new Date(NOW.getTime() - msBeforeNow);
const burstAt = (n: number, msBeforeNow: number) =>
  Array.from({ length: n }, () => at(msBeforeNow));

describe('sign-in lockout (leaky bucket)', () => {
  it('lets an account with no failures sign in', () => {
    expect(lockoutState([], NOW, POLICY)).toEqual({ level: 0, isLocked: false, lockedUntil: null });
  });

  it('locks after half the hourly limit at once', () => {
    expect(burstOf(POLICY)).toBe(50);
    expect(lockoutState(burstAt(49, 0), NOW, POLICY).isLocked).toBe(false);
    expect(lockoutState(burstAt(50, 0), NOW, POLICY).isLocked).toBe(true);
  });

  it('lifts gradually: one more attempt every 72 s at 100 an hour, not an hour-long block', () => {
    const state = lockoutState(burstAt(50, 0), NOW, POLICY);
    expect(state.lockedUntil).toEqual(new Date(NOW.getTime() + 72_000));
    expect(lockoutState(burstAt(50, 72_000), NOW, POLICY).isLocked).toBe(false);
    expect(lockoutState(burstAt(50, 71_000), NOW, POLICY).isLocked).toBe(true);
  });

  it('never allows more than the limit in any hour, whatever the pace', () => {
    // An attacker who tries whenever the bucket lets them.
    const failures: Date[] = [];
    let clock = NOW.getTime();
    const start = clock;
    while (clock < start + 3 * HOUR) {
      const state = lockoutState(failures, new Date(clock), POLICY);
      if (state.isLocked) clock = state.lockedUntil!.getTime();
      else failures.push(new Date(clock));
    }
    const times = failures.map((failure) => failure.getTime());
    for (const from of times) {
      const inHour = times.filter((time) => time >= from && time < from + HOUR).length;
      expect(inHour).toBeLessThanOrEqual(POLICY.limit);
    }
    expect(times.filter((time) => time < start + HOUR).length).toBeGreaterThanOrEqual(99);
  });

  it('forgets failures once they have drained', () => {
    expect(lockoutState(burstAt(50, HOUR), NOW, POLICY)).toMatchObject({
      level: 0,
      isLocked: false,
    });
  });

  it('ignores failures recorded after now, and the order they come in', () => {
    const failures = [at(-1000), ...burstAt(2, 10), at(5)];
    expect(lockoutState(failures, NOW, { limit: 6, windowMs: HOUR }).isLocked).toBe(true);
    expect(lockoutState([at(-1000)], NOW, POLICY).level).toBe(0);
  });
});
