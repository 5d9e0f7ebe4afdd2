import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { users, verifications } from '../../db/schema';

/**
 * The email of the account a reset or invitation link's token was made for,
 * or null. better-auth keeps the link as the verification
 * `reset-password:<token>` whose value is the user's id, and spends it when
 * the password is set, so this is read before; whether the link is still
 * valid is better-auth's to say (only its 200 lets the email out).
 */
export async function findResetLinkEmail(db: Executor, token: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, `reset-password:${token}`));
  return row?.email ?? null;
}
