import { and, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import type { Role } from '../../../domain/access';
import type { MailStatus } from '../../../domain/mail';
import { INVITATION_LINK_DAYS, INVITATION_REDIRECT } from '../../../domain/users';
import type { Executor } from '../../db/database';
import { users, verifications } from '../../db/schema';
import { Conflict } from '../../lib/errors';
import { authErrorCode } from '../../lib/auth-bridge';
import { databaseClock, newestMailSince } from '../mail/mail-repository';
import { isEmailTaken } from '../settings/profile-repository';
import { deleteSessions, deleteUser, setRole, userExists } from './users-repository';

export function emailTaken(): Conflict {
  return new Conflict('A user with this email already exists.', { email: 'is already in use' });
}

/**
 * Creates a user with a role and no usable password; the id. The caller
 * sends the invitation (sendInvitation) once everything it stores with the
 * user is saved, so nobody is mailed a link to an account that failed.
 */
export async function createInvitedUser(
  app: Pick<FastifyInstance, 'db' | 'auth'>,
  { email, name, role }: { email: string; name: string; role: Role | null },
): Promise<string> {
  // Nobody knows this password: the invitee sets their own through the reset mail.
  const password = crypto.randomBytes(24).toString('base64url');
  return createStaffUser(app, { email, name, role, password });
}

/**
 * Creates a user through the auth library (its password hashing, its
 * profile row) and then gives them `role`; the id. `beforeGrant` runs in the
 * transaction that gives the role and may refuse it by throwing: then the
 * new account is removed again, and the address stays free.
 */
export async function createStaffUser(
  { db, auth }: Pick<FastifyInstance, 'db' | 'auth'>,
  options: {
    email: string;
    name: string;
    role: Role | null;
    password: string;
    beforeGrant?: (tx: Executor) => Promise<void>;
  },
): Promise<string> {
  const { email, name, role, password, beforeGrant } = options;
  if (await isEmailTaken(db, email, null)) throw emailTaken();
  let userId: string;
  try {
    const { user } = await auth.api.signUpEmail({ body: { email, name, password } });
    userId = user.id;
  } catch (error) {
    if (authErrorCode(error)?.startsWith('USER_ALREADY_EXISTS')) throw emailTaken();
    throw error;
  }
  // Sign-up answers a taken address with a made-up user (so that it reveals
  // nothing): someone took the address since the check above.
  if (!(await userExists(db, userId))) throw emailTaken();
  try {
    // No session should exist (sign-up does not sign in); make sure none does.
    await db.transaction(async (tx) => {
      await beforeGrant?.(tx);
      await deleteSessions(tx, userId);
      await setRole(tx, userId, role);
    });
  } catch (error) {
    await deleteUser(db, userId);
    throw error;
  }
  return userId;
}

/**
 * Mails the invitee a link to choose their password: better-auth's reset
 * link, in a mail that says it is an invitation (auth.ts tells the two apart
 * by INVITATION_REDIRECT in the link). better-auth gives every reset link the
 * same life (an hour, auth.ts); the invitation's open link is then given
 * INVITATION_LINK_DAYS. Its verification row holds the user's id as value.
 * Answers how the mail ended: without SMTP it is only held in the outbox,
 * and the admin must hand the link over themselves (decision 236).
 */
export async function sendInvitation(
  { auth, db }: Pick<FastifyInstance, 'auth' | 'db'>,
  email: string,
): Promise<MailStatus> {
  const address = email.trim().toLowerCase();
  const since = await databaseClock(db);
  await auth.api.requestPasswordReset({ body: { email, redirectTo: INVITATION_REDIRECT } });
  await db
    .update(verifications)
    .set({ expiresAt: sql`now() + make_interval(days => ${INVITATION_LINK_DAYS})` })
    .where(
      and(
        like(verifications.identifier, 'reset-password:%'),
        gt(verifications.expiresAt, sql`now()`),
        inArray(
          verifications.value,
          db.select({ id: users.id }).from(users).where(eq(users.email, address)),
        ),
      ),
    );
  // better-auth sends it through our mailer and does not say how that went.
  return (await newestMailSince(db, address, since))?.status ?? 'failed';
}
