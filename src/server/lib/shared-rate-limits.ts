import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { BetterAuthRateLimitStorage } from 'better-auth';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';

/** A count cannot grow past this however long a client keeps trying. */
const COUNT_CEILING = 1_000_000_000;

export type Consumed = {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
};

/**
 * Counts one request against `key` in a fixed window, in one statement, so
 * every app process on the database shares the count and concurrent requests
 * cannot all pass a stale read. The database's clock decides the windows.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  windowMs: number,
): Promise<Consumed> {
  const windowEnd = sql`clock_timestamp() + ${Math.max(1, Math.round(windowMs))} * interval '1 millisecond'`;
  const expired = sql`${rateLimits.resetAt} <= clock_timestamp()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else least(${rateLimits.count} + 1, ${COUNT_CEILING}) end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      resetInMs:
        sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - clock_timestamp())) * 1000))`.mapWith(
          Number,
        ),
    });
  return { count: row!.count, resetInMs: row!.resetInMs };
}

/** Removes counters whose window ended (a scheduled job). */
export async function pruneRateLimits(db: Database): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`clock_timestamp()`))
    .returning({ key: rateLimits.key });
  return removed.length;
}

/**
 * A store for @fastify/rate-limit that keeps its counters in the database.
 * Each route with a limit gets its own key space (method and route pattern).
 */
export function sharedRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = 'http') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      consumeRateLimit(db, `${this.prefix}|${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: unknown) => callback(error as Error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // @fastify/rate-limit passes the merged route limits, the route among them.
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } })
        .routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new SharedStore(undefined, `http|${method} ${route?.url ?? ''}`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * better-auth's rate-limit storage, on the same counters (its rules and keys,
 * our table). better-auth counts through `consume` whenever a storage has it;
 * the older read-then-write pair is refused rather than half supported.
 */
export function sharedAuthRateLimitStorage(db: Database): BetterAuthRateLimitStorage {
  const unsupported = () =>
    Promise.reject(new Error('Sign-in limits are counted by consume only, in one statement.'));
  return {
    get: unsupported,
    set: unsupported,
    async consume(key, rule) {
      const { count, resetInMs } = await consumeRateLimit(db, `auth|${key}`, rule.window * 1000);
      return count <= rule.max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)) };
    },
  };
}
