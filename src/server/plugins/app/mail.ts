import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../features/mail/mailer';
import { notifyAdmins, type AdminNotifier } from '../../features/mail/notify-admins';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail through SMTP and keeps each one in the outbox. */
    mailer: Mailer;
    /** Mails the admins a notice, as their notification settings ask (notify-admins.ts). */
    notifyAdmins: AdminNotifier;
  }
}

export const mailPlugin = fp(
  async (app) => {
    const mailer = createMailer({
      db: app.db,
      log: app.log,
      smtpUrl: app.config.SMTP_URL,
      from: app.config.MAIL_FROM,
      businessName: async () => (await app.settings.business()).name,
    });
    app.decorate('mailer', mailer);
    app.decorate<AdminNotifier>('notifyAdmins', (notice, mail, log = app.log) =>
      notifyAdmins({ db: app.db, settings: app.settings, mailer, log }, notice, mail),
    );
  },
  { name: 'mail', dependencies: ['config', 'database', 'settings'] },
);
