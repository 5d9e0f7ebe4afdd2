import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { users } from '../../db/schema';

/** The names of the users who uploaded, verified or changed documents, by id. */
export async function userNames(
  db: Executor,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}
