import { z } from 'zod';
import { queryNumber, SEARCH_TEXT_MAX, text } from '../api/text';

// Admin → Mail: every message the app sent or holds (the outbox), shared by server and web.

/**
 * sent: the SMTP server took it; held: kept in the outbox because no SMTP
 * server is configured; failed: the SMTP server refused it (the error says why).
 */
export const MAIL_STATUSES = ['sent', 'held', 'failed'] as const;
export const MailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof MailStatusSchema>;

export const MAIL_PAGE_SIZE = 25;

/** GET /api/mail: newest first, a page at a time, searched by recipient or subject. */
export const OutboxQuerySchema = z.object({
  q: text().trim().max(SEARCH_TEXT_MAX).optional(),
  status: MailStatusSchema.optional(),
  limit: queryNumber(z.number().int().min(1).max(100)).default(MAIL_PAGE_SIZE),
  offset: queryNumber(z.number().int().min(0).max(1_000_000)).default(0),
});
export type OutboxQuery = z.output<typeof OutboxQuerySchema>;

export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: MailStatusSchema,
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The SMTP server's answer when sending failed. */
  error: z.string().nullable(),
  /** Set on a copy sent again from Admin → Mail: the message it repeats. */
  resendOf: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

export const OutboxPageSchema = z.object({
  mails: z.array(OutboxMailSchema),
  /** Every mail the search matches, over all pages. */
  total: z.number().int(),
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

export const MailIdParamsSchema = z.object({ id: z.uuid('is not a mail id') });

export const ResendMailResponseSchema = z.object({ mail: OutboxMailSchema });

/** A mail's status from what the outbox row records. */
export function mailStatus(row: { sentAt: unknown; error: string | null }): MailStatus {
  if (row.sentAt !== null) return 'sent';
  return row.error !== null ? 'failed' : 'held';
}
