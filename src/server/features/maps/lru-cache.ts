type Entry<V> = { value: V; expiresAt: number };

export type LruCache<K, V> = {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  readonly size: number;
};

/** A Map keeps insertion order, so its first key is the least recently used. */
export function createLruCache<K, V>(options: {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}): LruCache<K, V> {
  const now = options.now ?? Date.now;
  const entries = new Map<K, Entry<V>>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Caches settled results and shares one in-flight promise per key, so
 * concurrent identical requests make one upstream call. Failures are not cached.
 */
export function createCachedLoader<V>(options: {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}): (key: string, load: () => Promise<V>) => Promise<V> {
  const cache = createLruCache<string, V>(options);
  const inFlight = new Map<string, Promise<V>>();
  return (key, load) => {
    const cached = cache.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = load()
      .then((value) => {
        cache.set(key, value);
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
