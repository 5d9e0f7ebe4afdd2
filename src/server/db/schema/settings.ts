import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Key-value settings an admin edits (tariffs, time zone, access table, business). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Every mail the app sends; without SMTP this is where it can be read.
 * Sent: sent_at set; failed: error set; held: neither (no SMTP configured).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    // Set on a copy an admin sent again from Admin → Mail: the mail it repeats.
    resendOf: uuid('resend_of'),
  },
  (table) => [
    index('mail_outbox_created_at_idx').on(table.createdAt),
    // The dashboard's 'mail-unsent' alert counts these on every load: with a
    // mail server they are few among every mail ever sent.
    index('mail_outbox_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.sentAt} is null`),
  ],
);
