import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { userProfiles, users } from '../../db/schema';

/** Notices an admin may switch off in Settings → Notifications. */
type OptionalNotice = 'newOnlineBooking' | 'documentExpiring' | 'driverSuspended';
/**
 * Notices of work only the office can do, always sent: an account locked, a
 * sign-up waiting for a role, a driver's own upload waiting for verification
 * (they cannot work until it is verified).
 */
const ALWAYS_SENT = ['accountLocked', 'userAwaitingRole', 'documentAwaitingVerification'] as const;
type AlwaysSentNotice = (typeof ALWAYS_SENT)[number];
export type AdminNotice = OptionalNotice | AlwaysSentNotice;

function isOptional(notice: AdminNotice): notice is OptionalNotice {
  return !(ALWAYS_SENT as readonly string[]).includes(notice);
}

/**
 * Mails the admin about an event they asked to hear about (Settings →
 * Notifications), or about work waiting for the office (a lockout, a sign-up
 * waiting for a role, a driver's upload to verify), which is always sent: to the listed recipients, or to every enabled
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
