import { sql } from 'drizzle-orm';
import { ALERT_TARGETS, type DashboardAlert } from '../../../domain/admin';
import { countOf } from '../../../domain/format';
import type { Executor } from '../../db/database';
import { mailOutbox } from '../../db/schema';

// Mail the app wrote and nobody received: an invitation said 'invited by
// email' and an expiry reminder went nowhere, while only Admin → Mail told
// (an owner's-eyes tester waited for an invite that was held). Held means
// no mail server is set up (SMTP_URL); failed, the server refused it.

/** At most one alert of each: the held mails, the failed ones, each counted. */
export async function mailUnsentAlerts(
  db: Executor,
): Promise<{ total: number; alerts: DashboardAlert[] }> {
  const [row] = await db
    .select({
      held: sql<number>`count(*) filter (where ${mailOutbox.error} is null)`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.error} is not null)`,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.sentAt} is null`);
  const held = Number(row?.held ?? 0);
  const failed = Number(row?.failed ?? 0);
  const alerts: DashboardAlert[] = [];
  if (held > 0) {
    alerts.push({
      kind: 'mail-unsent',
      message: `${countOf(held, 'mail')} held in Admin → Mail: no mail server is set up, so invitations and reminders are not sent.`,
      href: ALERT_TARGETS.mail,
    });
  }
  if (failed > 0) {
    alerts.push({
      kind: 'mail-unsent',
      message: `${countOf(failed, 'mail')} could not be sent: see why in Admin → Mail.`,
      href: ALERT_TARGETS.mail,
    });
  }
  return { total: alerts.length, alerts };
}
