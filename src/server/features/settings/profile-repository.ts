import { and, eq, ne, sql } from 'drizzle-orm';
import { isRole, type Role } from '../../../domain/access';
import type { Executor } from '../../db/database';
import { accounts, userProfiles, users } from '../../db/schema';

export type ProfileRow = { id: string; name: string; email: string; role: Role | null };

export async function findProfile(db: Executor, userId: string): Promise<ProfileRow | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: userProfiles.role })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return { ...row, role: isRole(row.role) ? row.role : null };
}

/** True when another user already signs in with this address (compared case-insensitively). */
export async function isEmailTaken(
  db: Executor,
  email: string,
  exceptUserId: string | null,
): Promise<boolean> {
  const match = sql`lower(${users.email}) = ${email.toLowerCase()}`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(match, ne(users.id, exceptUserId)) : match)
    .limit(1);
  return row !== undefined;
}

/** The password hash of the user's email-and-password account, if they have one. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.password ?? null;
}

/** Changes the name and/or email (sign-in finds the user by the email on this row). */
export async function updateUserDetails(
  db: Executor,
  userId: string,
  changes: { name?: string; email?: string },
): Promise<void> {
  if (changes.name === undefined && changes.email === undefined) return;
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
