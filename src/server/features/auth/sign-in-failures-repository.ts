import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { signInFailures, users } from '../../db/schema';

/** The account's failed sign-ins since `since`, oldest first. */
export async function failuresSince(db: Executor, email: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), gte(signInFailures.failedAt, since)))
    .orderBy(asc(signInFailures.failedAt));
  return rows.map((row) => row.failedAt);
}

/** Records a failure and drops the account's failures too old to count any more. */
export async function recordFailure(
  db: Executor,
  {
    email,
    ipAddress,
    now,
    forgetBefore,
  }: { email: string; ipAddress: string; now: Date; forgetBefore: Date },
): Promise<void> {
  await db.insert(signInFailures).values({ id: randomUUID(), email, ipAddress, failedAt: now });
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.email, email), lt(signInFailures.failedAt, forgetBefore)));
}

/** Forgets every account's failures older than `before`: they no longer weigh on any lock. */
export async function deleteFailuresBefore(db: Executor, before: Date): Promise<number> {
  const removed = await db
    .delete(signInFailures)
    .where(lt(signInFailures.failedAt, before))
    .returning({ id: signInFailures.id });
  return removed.length;
}

/** Forgets every failure of the account: it is unlocked. */
export async function clearFailures(db: Executor, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}

export async function findUserIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export async function findEmailOfUser(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
