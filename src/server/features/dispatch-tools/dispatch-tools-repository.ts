import { and, desc, eq } from 'drizzle-orm';
import type { CorporateAccount, OutboxMail } from '../../../domain/dispatch-tools';
import type { Executor } from '../../db/database';
import { corporateAccounts, mailOutbox } from '../../db/schema';

export const OUTBOX_PAGE_SIZE = 100;

type AccountRow = typeof corporateAccounts.$inferSelect;

function toAccount(row: AccountRow): CorporateAccount {
  return { id: row.id, code: row.code, name: row.name, createdAt: row.createdAt.toISOString() };
}

export async function listAccounts(db: Executor): Promise<CorporateAccount[]> {
  const rows = await db.select().from(corporateAccounts).orderBy(corporateAccounts.code);
  return rows.map(toAccount);
}

/** The new account, or null when the code is taken. */
export async function createAccount(
  db: Executor,
  input: { code: string; name: string },
): Promise<CorporateAccount | null> {
  const [row] = await db.insert(corporateAccounts).values(input).onConflictDoNothing().returning();
  return row ? toAccount(row) : null;
}

export async function listOutbox(db: Executor): Promise<OutboxMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(OUTBOX_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
  }));
}

/** Whether the newest outbox mail to this address with this subject went out. */
export async function latestMailWasSent(
  db: Executor,
  mail: { to: string; subject: string },
): Promise<boolean> {
  const [row] = await db
    .select({ sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, mail.to), eq(mailOutbox.subject, mail.subject)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row !== undefined && row.sentAt !== null;
}
