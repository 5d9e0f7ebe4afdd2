import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../features/mail/mailer';
import { parseMailFrom } from '../../features/mail/sender';
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
    // The config checked MAIL_FROM holds one address.
    const sender = parseMailFrom(app.config.MAIL_FROM)!;
    if (sender.name) {
      app.log.warn(
        `MAIL_FROM's name "${sender.name}" is not used: mails go out from ${sender.address} in the business name set in Settings.`,
      );
    }
    const mailer = createMailer({
      db: app.db,
      log: app.log,
      smtpUrl: app.config.SMTP_URL,
      fromAddress: sender.address,
      business: () => app.settings.business(),
    });
    app.decorate('mailer', mailer);
    app.decorate<AdminNotifier>('notifyAdmins', (notice, mail, log = app.log) =>
      notifyAdmins({ db: app.db, settings: app.settings, mailer, log }, notice, mail),
    );
  },
  { name: 'mail', dependencies: ['config', 'database', 'settings'] },
);
