/**
 * The per-account sign-in limit (ASVS 2.2.1: at most `limit` failed sign-ins
 * on one account in any `windowMs`) as a leaky bucket, so a lock lifts
 * gradually instead of holding the account for a whole window:
 *
 * - the bucket holds `burst` = ceil(limit / 2) failures;
 * - it drains the other limit - burst failures evenly over the window
 *   (at 100 an hour: 50 at once, then one more every 72 s);
 * - a sign-in is refused while one more failure would overflow the bucket.
 *
 * Burst plus drain is `limit`, so no hour ever sees more than `limit` failures.
 */
export type LockoutPolicy = { limit: number; windowMs: number };

/** The window of the limit (SIGN_IN_ACCOUNT_LIMIT is per hour). */
export const SIGN_IN_WINDOW_MS = 60 * 60 * 1000;

export function signInLockoutPolicy(limitPerHour: number): LockoutPolicy {
  return { limit: limitPerHour, windowMs: SIGN_IN_WINDOW_MS };
}

export type LockoutState = {
  /** Failures still in the bucket (fractional while it drains). */
  level: number;
  isLocked: boolean;
  /** When the next attempt is let through; null when not locked. */
  lockedUntil: Date | null;
};

export function burstOf(policy: LockoutPolicy): number {
  return Math.ceil(policy.limit / 2);
}

/** Failures drained per millisecond. */
function drainRate(policy: LockoutPolicy): number {
  return Math.max(1, policy.limit - burstOf(policy)) / policy.windowMs;
}

/**
 * How far back failures can still weigh on the bucket: a full bucket drains
 * within two windows for every limit of 2 or more.
 */
export function lookbackMs(policy: LockoutPolicy): number {
  return 2 * policy.windowMs;
}

/** The bucket at `now`, from the account's failures (any order). */
export function lockoutState(
  failures: readonly Date[],
  now: Date,
  policy: LockoutPolicy,
): LockoutState {
  const rate = drainRate(policy);
  const times = failures
    .map((failure) => failure.getTime())
    .filter((time) => time <= now.getTime())
    .sort((a, b) => a - b);
  let level = 0;
  let last: number | null = null;
  for (const time of times) {
    if (last !== null) level = Math.max(0, level - (time - last) * rate);
    level += 1;
    last = time;
  }
  if (last !== null) level = Math.max(0, level - (now.getTime() - last) * rate);
  // One more failure must still fit: level + 1 <= burst (with a hair of
  // tolerance for floating-point drain).
  const excess = level + 1 - burstOf(policy);
  const isLocked = excess > 1e-9;
  return {
    level,
    isLocked,
    lockedUntil: isLocked ? new Date(now.getTime() + Math.ceil(excess / rate)) : null,
  };
}
