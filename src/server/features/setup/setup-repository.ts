import { and, eq, gt, lte, sql } from 'drizzle-orm';
import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import { verifications } from '../../db/schema';

/**
 * Setup tokens live in the auth library's verifications table under their
 * own identifier, as a SHA-256 hash: every app process on the database
 * accepts a link any of them printed, and the database never holds a token
 * that works. (The token has 256 random bits: a fast hash is enough.)
 */
const SETUP_IDENTIFIER = 'first-admin-setup';

export function hashSetupToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function storeSetupToken(db: Executor, hash: string, expiresAt: Date): Promise<void> {
  await db
    .insert(verifications)
    .values({ id: crypto.randomUUID(), identifier: SETUP_IDENTIFIER, value: hash, expiresAt });
}

/** Whether a setup token with this hash was made and has not expired. */
export async function isSetupTokenKnown(db: Executor, hash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, SETUP_IDENTIFIER),
        eq(verifications.value, hash),
        gt(verifications.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Every setup token: once an admin exists, no link may make another. */
export async function deleteSetupTokens(db: Executor): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, SETUP_IDENTIFIER));
}

export async function deleteExpiredSetupTokens(db: Executor, now: Date): Promise<void> {
  await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, SETUP_IDENTIFIER), lte(verifications.expiresAt, now)));
}

/** Held until the transaction ends: one first-admin grant at a time, across processes. */
export async function lockFirstAdminSetup(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('setup.first-admin'))`);
}
