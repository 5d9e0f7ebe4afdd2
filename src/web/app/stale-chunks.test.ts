import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunks } from './stale-chunks';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('reloadOnStaleChunks', () => {
  it('loads the new version once when a chunk of the old one cannot be fetched', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    let time = 1_000_000;
    reloadOnStaleChunks(target as unknown as Window, reload, memoryStorage(), () => time);

    const failure = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(failure);
    expect(reload).toHaveBeenCalledTimes(1);
    // Handled: Vite does not throw the import error on to the screen.
    expect(failure.defaultPrevented).toBe(true);

    // Failing again right after the reload is not a stale page: the error shows.
    time += 5_000;
    const again = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(again);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);

    // Much later (another deploy), it reloads again.
    time += 60_000;
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
