import { describe, expect, it, vi } from 'vitest';
import { createCachedLoader, createLruCache } from './lru-cache';

describe('createLruCache', () => {
  it('evicts the least recently used entry past its size', () => {
    const cache = createLruCache<string, number>({ maxEntries: 2, ttlMs: 1000 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('forgets an entry once its time to live has passed', () => {
    let now = 0;
    const cache = createLruCache<string, number>({ maxEntries: 10, ttlMs: 1000, now: () => now });
    cache.set('a', 1);
    now = 999;
    expect(cache.get('a')).toBe(1);
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('createCachedLoader', () => {
  it('shares one in-flight load between concurrent callers', async () => {
    const load = createCachedLoader<number>({ maxEntries: 10, ttlMs: 1000 });
    const source = vi.fn(async () => 42);
    const results = await Promise.all([load('k', source), load('k', source), load('k', source)]);
    expect(results).toEqual([42, 42, 42]);
    expect(source).toHaveBeenCalledTimes(1);
  });

  it('does not cache a failure', async () => {
    const load = createCachedLoader<number>({ maxEntries: 10, ttlMs: 1000 });
    await expect(load('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(load('k', async () => 7)).resolves.toBe(7);
  });
});
