import { and, asc, count, eq, gte, inArray, ne } from 'drizzle-orm';
import { isRole, type Role } from '../../../domain/access';
import { lockoutState, lookbackMs, type LockoutPolicy } from '../../../domain/auth';
import type { StaffUser } from '../../../domain/users';
import type { Executor } from '../../db/database';
import { sessions, signInFailures, userProfiles, users } from '../../db/schema';

/** Every user with a profile row: everyone who signed up or was invited. */
export async function listStaffUsers(
  db: Executor,
  policy: LockoutPolicy,
  userId?: string,
): Promise<StaffUser[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: userProfiles.role,
      disabled: users.disabled,
      createdAt: users.createdAt,
      // Stamped at each sign-in: sessions are deleted on sign-out and disable (decision 86).
      lastSignInAt: userProfiles.lastSignInAt,
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(userId ? eq(users.id, userId) : undefined)
    .orderBy(asc(users.name), asc(users.email));
  const now = new Date();
  const failures = await failuresByEmail(
    db,
    rows.map((row) => row.email),
    new Date(now.getTime() - lookbackMs(policy)),
  );
  const windowStart = now.getTime() - policy.windowMs;
  return rows.map((row) => {
    const failed = failures.get(row.email) ?? [];
    const lock = lockoutState(failed, now, policy);
    return {
      ...row,
      role: isRole(row.role) ? row.role : null,
      createdAt: row.createdAt.toISOString(),
      lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
      recentFailedSignIns: failed.filter((failure) => failure.getTime() > windowStart).length,
      lockedUntil: lock.lockedUntil?.toISOString() ?? null,
    };
  });
}

export async function findStaffUser(
  db: Executor,
  policy: LockoutPolicy,
  userId: string,
): Promise<StaffUser | null> {
  const [user] = await listStaffUsers(db, policy, userId);
  return user ?? null;
}

/** Failed sign-ins since `since`, per account email. */
async function failuresByEmail(
  db: Executor,
  emails: string[],
  since: Date,
): Promise<Map<string, Date[]>> {
  const byEmail = new Map<string, Date[]>();
  if (emails.length === 0) return byEmail;
  const rows = await db
    .select({ email: signInFailures.email, failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(and(inArray(signInFailures.email, emails), gte(signInFailures.failedAt, since)));
  for (const row of rows) {
    const list = byEmail.get(row.email) ?? [];
    list.push(row.failedAt);
    byEmail.set(row.email, list);
  }
  return byEmail;
}

/** Lifts the sign-in lock: the account's failed sign-ins are forgotten. */
export async function clearSignInFailures(db: Executor, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}

export async function setRole(db: Executor, userId: string, role: Role | null): Promise<void> {
  await db
    .insert(userProfiles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { role, updatedAt: new Date() } });
}

export async function setDisabled(db: Executor, userId: string, disabled: boolean): Promise<void> {
  await db.update(users).set({ disabled, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Ends every session of the user at once. */
export async function deleteSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Enabled admins other than the given user. */
export async function countOtherEnabledAdmins(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(userProfiles.role, 'admin'), eq(users.disabled, false), ne(users.id, userId)));
  return Number(row?.n ?? 0);
}

/** Whether any enabled account has the admin role: someone who can give roles. */
export async function hasEnabledAdmin(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(userProfiles.role, 'admin'), eq(users.disabled, false)))
    .limit(1);
  return row !== undefined;
}

/** Removes an account and, by cascade, its profile, password and sessions. */
export async function deleteUser(db: Executor, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function userExists(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}
