import crypto from 'node:crypto';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { idempotencyKeys } from '../db/schema';
import { Conflict, invalidField } from './errors';

export type StoredAnswer<T> = { statusCode: number; body: T };

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 200 || !/^[\w.:-]+$/.test(key)) {
    throw invalidField(
      'Idempotency-Key',
      'must be 1 to 200 letters, digits, dots, dashes or colons',
    );
  }
  return key;
}

/** What the work answers, and optionally one statement to run as it is stored. */
export type IdempotentWork<T> = (
  tx: Transaction,
) => Promise<StoredAnswer<T> & { alongside?: SQL | undefined }>;

/**
 * Runs `work` in one transaction with the key recorded alongside it. A second
 * request with the same key waits for the first (the key's row lock), then
 * gets its stored answer; the same key with a different body is a 409. A key
 * older than 24 hours is taken over by the new request. The work's
 * `alongside` statement (e.g. its live-event notices) runs in the same round
 * trip as storing the answer, inside the transaction.
 */
export async function runIdempotent<T>(
  db: Database,
  request: { scope: string; key: string | null; body: unknown },
  work: IdempotentWork<T>,
): Promise<StoredAnswer<T> & { replayed: boolean }> {
  if (request.key === null) {
    return db.transaction(async (tx) => {
      const { alongside, ...answer } = await work(tx);
      if (alongside) await tx.execute(alongside);
      return { ...answer, replayed: false };
    });
  }
  const key = request.key;
  const requestHash = crypto.createHash('sha256').update(stableJson(request.body)).digest('hex');
  const isThisKey = and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, key));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope: request.scope, key, requestHash })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { requestHash, statusCode: null, response: null, createdAt: sql`now()` },
        setWhere: lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(isThisKey);
      if (!stored || stored.requestHash !== requestHash) {
        throw new Conflict('This Idempotency-Key was already used for a different request.');
      }
      return { statusCode: stored.statusCode ?? 200, body: stored.response as T, replayed: true };
    }
    const { alongside, ...answer } = await work(tx);
    const store = tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, response: answer.body as object })
      .where(isThisKey);
    await (alongside ? tx.execute(sql`with stored as (${store.getSQL()}) ${alongside}`) : store);
    return { ...answer, replayed: false };
  });
}
