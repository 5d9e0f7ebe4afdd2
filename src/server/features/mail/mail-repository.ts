import { and, count, desc, eq, gte, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  mailStatus,
  type MailStatus,
  type OutboxMail,
  type OutboxQuery,
} from '../../../domain/mail';
import type { Executor } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import { matchesFolded } from '../../lib/search-fold';

type OutboxRow = typeof mailOutbox.$inferSelect;

export function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    status: mailStatus(row),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
    resendOf: row.resendOf,
  };
}

function statusCondition(status: MailStatus): SQL | undefined {
  switch (status) {
    case 'sent':
      return isNotNull(mailOutbox.sentAt);
    case 'failed':
      return and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.error));
    case 'held':
      return and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error));
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}

/** A page of the outbox, newest first, with how many mails match in all. */
export async function listOutbox(
  db: Executor,
  query: OutboxQuery,
): Promise<{ mails: OutboxMail[]; total: number }> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    // Accents aside, as every search (decision 92): 'Zoe' finds a mail to Zoë.
    pattern
      ? or(matchesFolded(mailOutbox.to, pattern), matchesFolded(mailOutbox.subject, pattern))
      : undefined,
    query.status ? statusCondition(query.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { mails: rows.map(toOutboxMail), total: counted?.total ?? 0 };
}

/**
 * The newest mail to `to` written since `since` (the database's clock as
 * text, to the microsecond); null when none was. For a mail another library
 * sends through our mailer without handing it back (better-auth's reset
 * link, which carries invitations too).
 */
export async function newestMailSince(
  db: Executor,
  to: string,
  since: string,
): Promise<OutboxMail | null> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), gte(mailOutbox.createdAt, sql`${since}::timestamptz`)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row ? toOutboxMail(row) : null;
}

/** The database's clock now, as text to the microsecond, for `newestMailSince`. */
export async function databaseClock(db: Executor): Promise<string> {
  const result = await db.execute(sql`select clock_timestamp()::text as at`);
  return (result as unknown as { rows: { at: string }[] }).rows[0]!.at;
}
