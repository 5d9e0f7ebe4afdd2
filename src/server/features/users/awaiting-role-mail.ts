import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { scheduledRuns, userProfiles, users } from '../../db/schema';
import { claimPeriod, type ScheduledJob } from '../../lib/scheduled-work';
import { hasEnabledAdmin } from './users-repository';

/** At most one "waiting for a role" mail to each admin in this long. */
export const AWAITING_ROLE_MAIL_EVERY_MS = 60 * 60 * 1000;
/** The scheduled_runs row that records when the last one went out. */
const LAST_MAIL = 'mail:awaiting-role';
/** Accounts named in one mail; the rest are counted. */
const NAMED_IN_MAIL = 20;

export type AwaitingRoleMailDeps = Pick<FastifyInstance, 'db' | 'notifyAdmins' | 'log'> & {
  /** The app's address, for the link to Users & Roles. */
  baseUrl: string;
};

/** Enabled accounts without a role, oldest first: the dashboard's 'awaiting-role' alerts. */
const waitingAccounts = and(isNull(userProfiles.role), eq(users.disabled, false));

async function lastMailAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: scheduledRuns.lastStartedAt })
    .from(scheduledRuns)
    .where(eq(scheduledRuns.name, LAST_MAIL));
  return row?.at ?? null;
}

function digest(
  waiting: { name: string; email: string }[],
  total: number,
  baseUrl: string,
): { subject: string; text: string } {
  const subject =
    total === 1
      ? `${waiting[0]!.name} signed up and waits for a role`
      : `${total} accounts wait for a role`;
  const named = waiting.map((account) => `- ${account.name} (${account.email})`);
  if (total > waiting.length) named.push(`- and ${total - waiting.length} more`);
  const text = [
    total === 1
      ? 'This account was created and waits for a role. Until an admin gives it one it sees only the Calculator.'
      : `${total} accounts wait for a role. Until an admin gives them one they see only the Calculator.`,
    '',
    ...named,
    '',
    `Give them a role, or disable the account, in Settings → Users & Roles:\n${baseUrl}/settings/users`,
    '',
    'You get at most one of these mails an hour; the dashboard lists every account waiting.',
  ].join('\n');
  return { subject, text };
}

/**
 * Tells the admins that accounts wait for a role: at most one mail an hour
 * (the same to every admin, so at most one per admin), and only when someone
 * signed up since the last one. It names how many wait in all. Called at a
 * sign-up (a first sign-up is mailed at once) and by a scheduled job (sign-ups
 * held back within the hour are mailed when it is over). Returns whether it
 * mailed.
 */
export async function mailAwaitingRole(
  deps: AwaitingRoleMailDeps,
  now = new Date(),
): Promise<boolean> {
  const { db } = deps;
  const since = (await lastMailAt(db)) ?? new Date(now.getTime() - AWAITING_ROLE_MAIL_EVERY_MS);
  const [newcomer] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(waitingAccounts, gt(users.createdAt, since)))
    .limit(1);
  if (!newcomer) return false;
  // No admin, nobody to mail: the hour is not claimed, so the first admin
  // hears of the accounts waiting (signed up in the last hour) at the next run.
  if (!(await hasEnabledAdmin(db))) return false;
  // One process, one mail: the first to claim the hour sends it.
  if (!(await claimPeriod(db, LAST_MAIL, AWAITING_ROLE_MAIL_EVERY_MS))) return false;
  const waiting = await db
    .select({
      name: users.name,
      email: users.email,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(waitingAccounts)
    .orderBy(asc(users.createdAt))
    .limit(NAMED_IN_MAIL);
  if (waiting.length === 0) return false;
  deps.log.info({ waiting: waiting[0]!.total }, 'Mailing the admins: accounts wait for a role');
  await deps.notifyAdmins('userAwaitingRole', digest(waiting, waiting[0]!.total, deps.baseUrl));
  return true;
}

/** Mails sign-ups held back within the hour once it is over (checked every minute). */
export function awaitingRoleMailJob(
  app: Pick<FastifyInstance, 'notifyAdmins' | 'log' | 'config'>,
): ScheduledJob {
  const { notifyAdmins, log, config } = app;
  return {
    name: 'mail-awaiting-role',
    everyMs: 60_000,
    run: async (db) =>
      void (await mailAwaitingRole({ db, notifyAdmins, log, baseUrl: config.publicUrl })),
  };
}
