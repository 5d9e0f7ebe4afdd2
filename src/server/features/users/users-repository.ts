import { and, asc, count, eq, max, ne } from 'drizzle-orm';
import { isRole, type Role } from '../../../domain/access';
import type { StaffUser } from '../../../domain/settings';
import type { Executor } from '../../db/database';
import { sessions, userProfiles, users } from '../../db/schema';

/** Every user with a profile row: everyone who signed up or was invited. */
export async function listStaffUsers(db: Executor, userId?: string): Promise<StaffUser[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: userProfiles.role,
      disabled: users.disabled,
      createdAt: users.createdAt,
      // Sessions are deleted on sign-out, so this is the latest sign-in still on record.
      lastSignInAt: max(sessions.createdAt),
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(userId ? eq(users.id, userId) : undefined)
    .groupBy(users.id, userProfiles.role)
    .orderBy(asc(users.name), asc(users.email));
  return rows.map((row) => ({
    ...row,
    role: isRole(row.role) ? row.role : null,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  }));
}

export async function findStaffUser(db: Executor, userId: string): Promise<StaffUser | null> {
  const [user] = await listStaffUsers(db, userId);
  return user ?? null;
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
