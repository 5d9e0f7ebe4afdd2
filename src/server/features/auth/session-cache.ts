import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Role } from '../../../domain/access';

/** Who a session belongs to, as a request sees it (null fields: anonymous). */
export type CachedViewer = {
  user: { id: string; email: string; name: string };
  role: Role | null;
  sessionId: string;
};

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;

export type SessionsEndedListener = (userId: string) => Promise<void> | void;

export type SessionCache = {
  /** The viewer cached for this session cookie value, if any. */
  get(cookieValue: string): CachedViewer | undefined;
  /**
   * Remembers a viewer looked up from the database. `generation` is what
   * `generation()` said before the lookup started: if any session ended
   * since, the answer may be stale and is not kept.
   */
  set(cookieValue: string, viewer: CachedViewer, expiresAt: Date, generation: number): void;
  generation(): number;
  /** Drops this process's entries of the user (a notice from another process). */
  forgetUser(userId: string): void;
  /** Drops everything (the notice channel reconnected: notices may be lost). */
  forgetAll(): void;
  /**
   * The user's sessions ended or changed (sign-out, role change, disable):
   * dropped here at once, then every listener is told (app.ts tells the
   * other processes). Call after the change has committed.
   */
  endSessionsOf(userId: string): Promise<void>;
  onSessionsEnded(listener: SessionsEndedListener): () => void;
};

/** The cookie value is a bearer secret: keep only its hash in memory. */
function keyOf(cookieValue: string): string {
  return crypto.createHash('sha256').update(cookieValue).digest('base64url');
}

/**
 * Sessions looked up in the last 30 seconds, by the hash of their signed
 * cookie, so a signed-in request costs no session statement. Ending a
 * user's sessions drops their entries at once in every process (decision 32).
 */
export function createSessionCache(
  options: {
    ttlMs?: number;
    max?: number;
    /** The monotonic clock entries age by (tests move it). */
    now?: () => number;
  } = {},
): SessionCache {
  const ttl = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, CachedViewer>({
    max: options.max ?? SESSION_CACHE_MAX,
    ttl,
    perf: { now },
    // Read the clock on every get: an entry must not outlive its 30 s.
    ttlResolution: 0,
  });
  const listeners = new Set<SessionsEndedListener>();
  let generation = 0;

  function forgetUser(userId: string): void {
    generation += 1;
    for (const [key, viewer] of entries.entries()) {
      if (viewer.user.id === userId) entries.delete(key);
    }
  }

  return {
    get: (cookieValue) => entries.get(keyOf(cookieValue)),
    set(cookieValue, viewer, expiresAt, lookupGeneration) {
      if (lookupGeneration !== generation) return;
      const left = expiresAt.getTime() - Date.now();
      if (left <= 0) return;
      entries.set(keyOf(cookieValue), viewer, { ttl: Math.min(ttl, left) });
    },
    generation: () => generation,
    forgetUser,
    forgetAll() {
      generation += 1;
      entries.clear();
    },
    async endSessionsOf(userId) {
      forgetUser(userId);
      for (const listener of listeners) await listener(userId);
    },
    onSessionsEnded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
