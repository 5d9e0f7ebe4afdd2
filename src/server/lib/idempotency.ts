import crypto from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
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
  return db.transaction(async (tx) => {
    // Hand-written, as the booking insert is: built by Drizzle's builder, the
    // claim and the store cost a keyed creation more CPU to build than to run
    // (decision 118).
    const claimed = await tx.execute(sql`
      insert into ${idempotencyKeys} as k (scope, key, request_hash)
      values (${request.scope}, ${key}, ${requestHash})
      on conflict (scope, key) do update
        set request_hash = excluded.request_hash, status_code = null, response = null, created_at = now()
        where k.created_at < now() - interval '24 hours'
      returning key`);
    if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, key)));
      if (!stored || stored.requestHash !== requestHash) {
        throw new Conflict('This Idempotency-Key was already used for a different request.');
      }
      return { statusCode: stored.statusCode ?? 200, body: stored.response as T, replayed: true };
    }
    const { alongside, ...answer } = await work(tx);
    const store = sql`update ${idempotencyKeys}
      set status_code = ${answer.statusCode}, response = ${JSON.stringify(answer.body)}::jsonb
      where scope = ${request.scope} and key = ${key}`;
    await tx.execute(alongside ? sql`with stored as (${store}) ${alongside}` : store);
    return { ...answer, replayed: false };
  });
}
