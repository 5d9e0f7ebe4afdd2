import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { databaseClock, newestMailSince } from '../mail/mail-repository';

/** Where the reset link lands: the web app's own Reset Password page. */
const RESET_REDIRECT = '/reset-password';

/**
 * A password reset link for an enabled user, made at the server's console
 * (`npm run reset-link`): the way back in for a lone admin whose business has
 * no mail server (decision 237). It is the link Forgot Password mails, made
 * and kept in the outbox the same way (and mailed too when SMTP is set), and
 * lasts its hour. null when no enabled user has this email.
 */
export async function createResetLink(
  { auth, db }: Pick<FastifyInstance, 'auth' | 'db'>,
  email: string,
): Promise<string | null> {
  const address = email.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, address), eq(users.disabled, false)));
  if (!user) return null;
  const since = await databaseClock(db);
  await auth.api.requestPasswordReset({ body: { email: address, redirectTo: RESET_REDIRECT } });
  const mail = await newestMailSince(db, address, since);
  return mail?.text.match(/https?:\/\/\S+/)?.[0] ?? null;
}
