import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { mailOutbox } from '../../db/schema';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Every mail is kept in the outbox. With SMTP configured it is also sent;
 * without, it is written to the log so flows such as password reset work on
 * a machine with no mail server.
 */
export function createMailer(options: {
  db: Database;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  from: string;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await options.db
        .insert(mailOutbox)
        .values(mail)
        .returning({ id: mailOutbox.id });
      if (!transport) {
        options.log.info(
          { to: mail.to, subject: mail.subject },
          `Mail kept in outbox (no SMTP):\n${mail.text}`,
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        await options.db
          .update(mailOutbox)
          .set({ sentAt: new Date() })
          .where(eq(mailOutbox.id, row!.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log.error({ to: mail.to, err: message }, 'Sending mail failed');
        await options.db
          .update(mailOutbox)
          .set({ error: message })
          .where(eq(mailOutbox.id, row!.id));
      }
    },
  };
}
