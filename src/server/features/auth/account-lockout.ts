import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  burstOf,
  lockoutState,
  lookbackMs,
  type LockoutPolicy,
  type LockoutState,
} from '../../../domain/auth';
import {
  clearFailures,
  deleteFailuresBefore,
  failuresSince,
  recordFailure,
} from './sign-in-failures-repository';

export type AccountLockoutDeps = Pick<FastifyInstance, 'db' | 'notifyAdmins'> & {
  log: FastifyBaseLogger;
};

/** The per-account sign-in limit, kept in the database (so shared by every process). */
export function createAccountLockout(deps: AccountLockoutDeps, policy: LockoutPolicy) {
  const { db, log, notifyAdmins } = deps;

  async function state(email: string, now = new Date()): Promise<LockoutState> {
    const since = new Date(now.getTime() - lookbackMs(policy));
    return lockoutState(await failuresSince(db, email, since), now, policy);
  }

  /**
   * Records a failed sign-in. The failure that locks the account is logged
   * and mailed to the admins: the one that fills the bucket while no more
   * than a bucketful failed within the window, so an attack mails once, not
   * at every drip of the drain.
   */
  async function fail(email: string, ipAddress: string, now = new Date()): Promise<LockoutState> {
    const forgetBefore = new Date(now.getTime() - lookbackMs(policy));
    await recordFailure(db, { email, ipAddress, now, forgetBefore });
    const failures = await failuresSince(db, email, forgetBefore);
    const after = lockoutState(failures, now, policy);
    const windowStart = now.getTime() - policy.windowMs;
    const inWindow = failures.filter((failure) => failure.getTime() > windowStart).length;
    if (after.isLocked && inWindow === burstOf(policy)) {
      log.warn({ email, ipAddress, failures: inWindow }, 'Account locked after failed sign-ins');
      await notifyAdmins('accountLocked', {
        subject: `Sign-in locked for ${email}`,
        text: [
          `${inWindow} sign-in attempts with a wrong password for ${email} failed within an hour; the last came from ${ipAddress}.`,
          '',
          'Sign-in for this account is refused for now, except from devices it has signed in from before. The lock lifts gradually on its own, or at once when the user resets their password or an admin unlocks it (Settings → Users & Roles).',
          '',
          'If this was not the user, someone may be guessing the password.',
        ].join('\n'),
      });
    }
    return after;
  }

  async function unlock(email: string): Promise<void> {
    await clearFailures(db, email);
  }

  /**
   * Drops every account's failures too old to weigh on a lock (a scheduled
   * job): a failure is otherwise dropped only when its account fails again,
   * so guesses at addresses nobody uses would pile up for ever.
   */
  async function prune(now = new Date()): Promise<number> {
    return deleteFailuresBefore(db, new Date(now.getTime() - lookbackMs(policy)));
  }

  return { policy, state, fail, unlock, prune };
}

export type AccountLockout = ReturnType<typeof createAccountLockout>;

export function lockedMessage(lockedUntil: Date, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return `Too many failed sign-in attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, sign in from a device you have used before, or reset your password.`;
}
