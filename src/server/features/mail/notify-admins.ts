import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { userProfiles, users } from '../../db/schema';

/** Notices an admin may switch off in Settings → Notifications. */
type OptionalNotice = 'newOnlineBooking' | 'documentExpiring' | 'driverSuspended';
/** Notices about the accounts themselves: always sent. */
type AccountNotice = 'accountLocked' | 'userAwaitingRole';
export type AdminNotice = OptionalNotice | AccountNotice;

function isOptional(notice: AdminNotice): notice is OptionalNotice {
  return notice !== 'accountLocked' && notice !== 'userAwaitingRole';
}

/**
 * Mails the admin about an event they asked to hear about (Settings →
 * Notifications), or about an account (a lockout, a sign-up waiting for a
 * role), which is always sent: to the listed recipients, or to every enabled
 * admin when none are listed. A failure is logged; it never fails the request.
 */
export async function notifyAdmins(
  deps: Pick<FastifyInstance, 'db' | 'settings' | 'mailer'> & { log: FastifyBaseLogger },
  notice: AdminNotice,
  mail: { subject: string; text: string },
): Promise<void> {
  try {
    const preferences = await deps.settings.notifications();
    if (isOptional(notice) && !preferences[notice]) return;
    const recipients =
      preferences.recipients.length > 0
        ? preferences.recipients
        : (
            await deps.db
              .select({ email: users.email })
              .from(users)
              .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
              .where(and(eq(userProfiles.role, 'admin'), eq(users.disabled, false)))
          ).map((row) => row.email);
    for (const to of recipients) await deps.mailer.send({ to, ...mail });
  } catch (error) {
    deps.log.error({ err: error, notice }, 'Could not notify the admin');
  }
}

/**
 * notifyAdmins bound to the app's services (the mail plugin decorates the app
 * with it); a request passes its own logger so a failure names the request.
 */
export type AdminNotifier = (
  notice: AdminNotice,
  mail: { subject: string; text: string },
  log?: FastifyBaseLogger,
) => Promise<void>;
