import { and, eq, like } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { verifications } from '../../db/schema';
import { clearFailures, findEmailOfUser } from './sign-in-failures-repository';

/**
 * After a password reset or change: every reset link still outstanding for
 * the user stops working (better-auth keeps them as `reset-password:<token>`
 * verifications whose value is the user id), and the account's sign-in lock
 * is lifted, since whoever set the password proved they own it.
 */
export async function afterPasswordChanged(db: Executor, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(
      and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)),
    );
  const email = await findEmailOfUser(db, userId);
  if (email) await clearFailures(db, email);
}
