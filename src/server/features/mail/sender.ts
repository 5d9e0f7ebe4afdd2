import addressparser from 'nodemailer/lib/addressparser';
import type { Address } from 'nodemailer/lib/mailer';
import type { BusinessSettings } from '../../../domain/settings';

/**
 * The one address in MAIL_FROM ('no-reply@example.com' or
 * 'Name <no-reply@example.com>'), or null when it holds none or several.
 */
export function parseMailFrom(value: string): { name: string; address: string } | null {
  const parsed = addressparser(value, { flatten: true });
  if (parsed.length !== 1) return null;
  const [only] = parsed;
  if (!only || !/^[^@\s]+@[^@\s]+$/.test(only.address)) return null;
  return { name: only.name, address: only.address };
}

/**
 * Who every mail is from, and where a reply goes (decision: the business
 * sends its mails). The display name is the business name from Settings;
 * the address is MAIL_FROM's, the one the mail server lets us send from (a
 * display name in MAIL_FROM is not used). Reply-To is the business's Email
 * setting when it is set, so a customer answering a confirmation writes to
 * the business, not to no-reply. Address objects, not "Name <address>"
 * strings: the mail library quotes or encodes a name with a comma or quotes.
 */
export function mailSender(
  fromAddress: string,
  business: Pick<BusinessSettings, 'name' | 'email'>,
): { from: Address; replyTo?: Address } {
  const from = { name: business.name, address: fromAddress };
  if (!business.email) return { from };
  return { from, replyTo: { name: business.name, address: business.email } };
}
