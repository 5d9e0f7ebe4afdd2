import type { CorporateAccount } from '../../../domain/dispatch';
import type { Executor } from '../../db/database';
import { corporateAccounts } from '../../db/schema';

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
