import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { OutboxMail } from '../../../domain/mail';
import type { BusinessSettings } from '../../../domain/settings';
import type { Database } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { toOutboxMail } from './mail-repository';
import { mailSender } from './sender';

export type Mail = { to: string; subject: string; text: string };

export type SendOptions = {
  /** false: the text goes as written (a dispatcher's own message), without the business's sign-off. */
  signOff?: boolean;
};

export type Mailer = {
  /**
   * Keeps the mail in the outbox and sends it when SMTP is configured; the
   * outbox row as it ended. The text ends with the business name (Settings →
   * Business) as its sign-off unless `signOff` is false.
   */
  send(mail: Mail, options?: SendOptions): Promise<OutboxMail>;
  /** Sends an outbox mail again, as a new outbox row linked to it (404 when there is none). */
  resend(id: string): Promise<OutboxMail>;
};

/**
 * Every mail is kept in the outbox (Admin → Mail reads it). With SMTP
 * configured it is also sent; without, it is held there, and the log says
 * so by recipient and subject only: a mail's text can carry a password
 * reset or invitation link, which anyone reading the log could use
 * (decision 200). An admin reads it in Admin → Mail.
 */
export function createMailer(options: {
  db: Database;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  /** MAIL_FROM's address: every mail is sent from it, in the business's name (sender.ts). */
  fromAddress: string;
  /**
   * The business's name and email (Settings → Business), read at each send: a
   * renamed business signs, and is the sender of, the next mail.
   */
  business: () => Promise<Pick<BusinessSettings, 'name' | 'email'>>;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function deliver(mail: Mail, resendOf: string | null): Promise<OutboxMail> {
    const [row] = await options.db
      .insert(mailOutbox)
      .values({ ...mail, resendOf })
      .returning();
    if (!transport) {
      options.log.info(
        { to: mail.to, subject: mail.subject, outboxId: row!.id },
        'Mail kept in the outbox (no SMTP): read it in Admin → Mail',
      );
      return toOutboxMail(row!);
    }
    let outcome: Partial<typeof mailOutbox.$inferInsert>;
    try {
      const sender = mailSender(options.fromAddress, await options.business());
      await transport.sendMail({ ...sender, ...mail });
      outcome = { sentAt: new Date() };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log.error({ to: mail.to, err: message }, 'Sending mail failed');
      outcome = { error: message };
    }
    const [updated] = await options.db
      .update(mailOutbox)
      .set(outcome)
      .where(eq(mailOutbox.id, row!.id))
      .returning();
    return toOutboxMail(updated!);
  }

  return {
    async send(mail, { signOff = true } = {}) {
      if (!signOff) return deliver(mail, null);
      const { name } = await options.business();
      return deliver({ ...mail, text: `${mail.text}\n\n${name}` }, null);
    },
    async resend(id) {
      const [original] = await options.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!original) throw new NotFound('Mail not found.');
      return deliver(
        { to: original.to, subject: original.subject, text: original.text },
        original.id,
      );
    },
  };
}
