import type { MailStatus } from '../mail/api';

/**
 * What the admin must still do when an invitation was not mailed (without
 * SMTP it is only held in the outbox, decision 236); null when it was.
 * Admin → Mail holds the mail with its link, and sends it again. No schema
 * here: the driver app and the public pages load these words without zod.
 */
export function invitationNotMailedWords(status: MailStatus, email: string): string | null {
  switch (status) {
    case 'sent':
      return null;
    case 'held':
      return `No mail server is configured, so the invitation to ${email} is kept in Admin → Mail: give them its link yourself.`;
    case 'failed':
      return `The invitation to ${email} could not be sent. Send it again from Admin → Mail.`;
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}
